package bench.play.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.bookings.proto.Booking;
import bench.contract.bookings.RetryRule;
import bench.play.Bodies;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.stream.Materializer;
import org.apache.pekko.util.ByteString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import play.db.Database;
import play.libs.Json;
import play.mvc.Http;
import play.mvc.Result;

/** POST /bookings past the 415/413 gate, against the real MariaDB (make unit): 201, 400, 422, 409 and 503. */
class BookingsTest {
    private static final ActorSystem SYSTEM = ActorSystem.create("bookings-test");
    private static final Materializer MATERIALIZER = Materializer.matFromSystem(SYSTEM);
    private static final Database DATABASE = TestDatabase.open(2, "2 seconds");
    private static final ExecutorService EXECUTOR = Executors.newFixedThreadPool(2);

    private final String model = "bookings-" + UUID.randomUUID();
    private final Bookings bookings = new Bookings(DATABASE, EXECUTOR, SYSTEM);

    @AfterAll
    static void close() {
        EXECUTOR.shutdown();
        DATABASE.shutdown();
        SYSTEM.terminate();
    }

    private String json(String dollarValue) {
        return """
        {"bookingId":"B-1","dollarValue":"%s","startDate":"2023-06-01","endDate":"2023-07-31",\
        "originTs":"1700000000000","model":"%s","trim":"LE"}""".formatted(dollarValue, model);
    }

    private static Result post(Bookings bookings, String type, byte[] body) throws Exception {
        Http.RequestHeader request = new Http.RequestBuilder()
                .method("POST")
                .uri("/bookings")
                .header("Content-Type", type)
                .build();
        return bookings.book(request, ByteString.fromArray(body))
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    private static Result postJson(Bookings bookings, String body) throws Exception {
        return post(bookings, Bodies.JSON, body.getBytes(StandardCharsets.UTF_8));
    }

    private static JsonNode body(Result result) throws Exception {
        assertEquals("application/json", result.contentType().orElseThrow());
        return Json.parse(result.body()
                .consumeData(MATERIALIZER)
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS)
                .utf8String());
    }

    @Test
    void aJsonBookingIsCreatedWithItsAllocations() throws Exception {
        Result result = postJson(bookings, json("100.00"));
        assertEquals(201, result.status());
        JsonNode body = body(result);
        assertTrue(body.get("rowId").asLong() > 0);
        assertEquals(Json.parse("""
                {"rowId":%d,"bookingId":"B-1","allocations":[{"fiscalPeriodId":20231,"amount":"49.18"},\
                {"fiscalPeriodId":20232,"amount":"50.82"}]}""".formatted(body.get("rowId").asLong())), body);
    }

    @Test
    void aProtobufBookingIsCreated() throws Exception {
        Booking booking = Booking.newBuilder()
                .setBookingId("B-2")
                .setDollarValue("1.00")
                .setStartDate("2023-01-01")
                .setEndDate("2023-01-01")
                .setOriginTs(1_700_000_000_000L)
                .setModel(model)
                .setTrim("LE")
                .build();
        Result result = post(bookings, Bodies.PROTOBUF, booking.toByteArray());
        assertEquals(201, result.status());
        assertEquals("B-2", body(result).get("bookingId").asText());
    }

    @Test
    void refusalsCarryTheContractsErrorBodyAndWriteNothing() throws Exception {
        Result notJson = postJson(bookings, json("1.00").replace("\"B-1\"", "42"));
        assertEquals(400, notJson.status());
        assertEquals(1, body(notJson).size());
        Result invalid = postJson(bookings, json("1.00").replace("B-1", ""));
        assertEquals(422, invalid.status());
        assertEquals("booking_id is required", body(invalid).get("error").asText());
        Result empty = post(bookings, Bodies.PROTOBUF, new byte[0]);
        assertEquals(422, empty.status(), "an empty protobuf body is the empty message");
        assertEquals(0, TestDatabase.bookingRows(DATABASE, model));
    }

    @Test
    void aFullAggregateIs409WithoutRetryAfter() throws Exception {
        assertEquals(201, postJson(bookings, json("99999999999999999.99")).status());
        Result full = postJson(bookings, json("99999999999999999.99"));
        assertEquals(409, full.status());
        assertEquals(RetryRule.TOTAL_OVERFLOW, body(full).get("error").asText());
        assertEquals(Optional.empty(), full.header("Retry-After"));
    }

    @Test
    void noDatabaseThreadWithinTwoSecondsIs503WithRetryAfter() throws Exception {
        ExecutorService oneThread = Executors.newSingleThreadExecutor();
        CountDownLatch busy = new CountDownLatch(1);
        try {
            oneThread.execute(() -> {
                try {
                    busy.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            Result unavailable = postJson(new Bookings(DATABASE, oneThread, SYSTEM), json("1.00"));
            assertEquals(503, unavailable.status());
            assertEquals("1", unavailable.header("Retry-After").orElseThrow());
            assertEquals(1, body(unavailable).size());
        } finally {
            busy.countDown();
            oneThread.shutdown();
        }
    }
}
