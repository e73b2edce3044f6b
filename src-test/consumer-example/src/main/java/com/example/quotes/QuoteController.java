package com.example.quotes;

import java.util.List;
import java.util.Map;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /quotes/{symbol}} waits for its supplier (a blocking call of {@code millis}, 20 ms by default), as a
 * service that calls another one over HTTP or JDBC does; {@code GET /symbols} answers at once.
 */
@RestController
class QuoteController {

    private static final List<String> SYMBOLS = List.of("ACME", "GLOBEX", "INITECH");

    @GetMapping("/symbols")
    List<String> symbols() {
        return SYMBOLS;
    }

    @GetMapping("/quotes/{symbol}")
    Map<String, Object> quote(@PathVariable String symbol, @RequestParam(defaultValue = "20") long millis) throws InterruptedException {
        if (millis < 0 || millis > 10_000) {
            throw new IllegalArgumentException("millis must be from 0 to 10000, got " + millis);
        }
        Thread.sleep(millis); // the supplier's answer: the thread waits, as it would on a socket
        return Map.of("symbol", symbol, "price", 100 + Math.floorMod(symbol.hashCode(), 50),
                "thread", Thread.currentThread().isVirtual() ? "virtual" : "platform");
    }
}
