package dev.stackbench.servers.db;

import java.util.UUID;

/**
 * Where a server's data lives, from one setting, {@code stackbench.db.url}: {@code h2:mem} (the
 * default: a fresh in-memory H2 database per server), {@code h2:mem:NAME} (shared by the servers of
 * one JVM that name it), or {@code postgresql://host:port/database}. The JDBC and R2DBC URLs are
 * both derived from it, so the two kinds of approaches always talk to the same database.
 */
public record Database(String url, String jdbcUrl, String r2dbcUrl, String username, String password, int poolSize) {

    /**
     * How long a request waits for a database connection (HikariCP's connectionTimeout, the R2DBC
     * pool's maxAcquireTime), and how long opening one may take (the drivers' connect timeouts): an
     * unavailable database answers 503 within this, never a hang.
     */
    public static final int CONNECTION_TIMEOUT_MILLIS = 2000;

    public static Database of(String url, String username, String password, int poolSize) {
        if (poolSize < 1) {
            throw new IllegalArgumentException("stackbench.db.pool-size must be at least 1, got " + poolSize);
        }
        if (url.equals("h2:mem") || url.startsWith("h2:mem:")) {
            String name = url.equals("h2:mem") ? "stackbench-" + UUID.randomUUID() : url.substring("h2:mem:".length());
            return new Database(url, "jdbc:h2:mem:" + name, "r2dbc:h2:mem:///" + name, username, password, poolSize);
        }
        if (url.startsWith("postgresql://")) {
            return new Database(url, "jdbc:" + url, "r2dbc:" + url, username, password, poolSize);
        }
        throw new IllegalArgumentException(
                "stackbench.db.url must be h2:mem, h2:mem:NAME or postgresql://host:port/database, got '" + url + "'");
    }

    public boolean postgres() {
        return url.startsWith("postgresql://");
    }

    /** For messages: {@code PostgreSQL at host:port/database} (without query parameters, which may hold a password), or {@code H2 in memory}. */
    public String describe() {
        if (!postgres()) {
            return "H2 in memory";
        }
        String address = url.substring("postgresql://".length());
        address = address.substring(address.indexOf('@') + 1);
        int query = address.indexOf('?');
        return "PostgreSQL at " + (query < 0 ? address : address.substring(0, query));
    }
}
