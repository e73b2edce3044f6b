package dev.stackbench.servers.db;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.net.InetSocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * mongo-java-server (a Java server that speaks MongoDB's wire protocol, its data in memory) on an ephemeral
 * port of the loopback interface, inside this JVM: the default MongoDB of the movies workload, as H2 is its
 * default SQL database. Its threads' CPU counts as the server's. Not MongoDB: see the README.
 */
final class EmbeddedMongo implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedMongo.class);

    private final MongoServer server = new MongoServer(new MemoryBackend());
    private final String uri;

    EmbeddedMongo() {
        server.bind("127.0.0.1", 0);
        InetSocketAddress address = server.getLocalAddress();
        uri = "mongodb://127.0.0.1:" + address.getPort() + "/stackbench";
        LOG.info(
                "movies on an embedded mongo-java-server (in memory, in this JVM) at {}; stackbench.mongo.uri=mongodb://... for a real MongoDB",
                uri);
    }

    String uri() {
        return uri;
    }

    @Override
    public void close() {
        server.shutdownNow();
    }
}
