package bench.play.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import bench.contract.bookings.Allocation;
import bench.contract.bookings.ValidBooking;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.stream.Materializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import play.db.Database;
import play.libs.Json;
import play.mvc.Http;
import play.mvc.Result;

/** GET /aggregates against the real MariaDB (make unit): exact filters, the database's order, 400 on a repeat. */
class AggregatesTest {
    private static final ActorSystem SYSTEM = ActorSystem.create("aggregates-test");
    private static final Materializer MATERIALIZER = Materializer.matFromSystem(SYSTEM);
    private static final Database DATABASE = TestDatabase.open(2, "2 seconds");
    private static final ExecutorService EXECUTOR = Executors.newFixedThreadPool(2);
    private static final String MODEL = "aggregates-" + UUID.randomUUID();

    private final Aggregates aggregates = new Aggregates(DATABASE, EXECUTOR);

    @BeforeAll
    static void book() throws Exception {
        BookingStore store = new BookingStore(DATABASE, EXECUTOR, SYSTEM);
        for (String trim : new String[] {"LE ", "\ud83d\ude00", "LE", "\uff58"}) {
            ValidBooking b = BookingStoreTest.booking(MODEL, "61.00", "2024-06-01", "2024-07-31");
            ValidBooking booking = new ValidBooking(
                    b.bookingId(),
                    b.dollarValue(),
                    b.cents(),
                    b.startDate(),
                    b.endDate(),
                    b.originTs(),
                    b.parentId(),
                    b.model(),
                    trim,
                    b.stage(),
                    b.type());
            store.store(booking, Allocation.allocate(booking.cents(), booking.startDate(), booking.endDate()))
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS);
        }
    }

    @AfterAll
    static void close() {
        EXECUTOR.shutdown();
        DATABASE.shutdown();
        SYSTEM.terminate();
    }

    private Result get(String query) throws Exception {
        Http.RequestHeader request =
                new Http.RequestBuilder().uri("/aggregates?" + query).build();
        return aggregates.aggregates(request).toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** "trim period total/vversion" per row, in the response's order. */
    private List<String> rows(String query) throws Exception {
        Result result = get(query);
        assertEquals(200, result.status());
        assertEquals("application/json", result.contentType().orElseThrow());
        JsonNode body = Json.parse(result.body()
                .consumeData(MATERIALIZER)
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS)
                .utf8String());
        List<String> rows = new ArrayList<>();
        for (JsonNode row : body) {
            assertEquals(MODEL, row.get("model").asText());
            rows.add(row.get("trim").asText() + " " + row.get("fiscalPeriodId").asInt() + " "
                    + row.get("totalDollarAmount").asText() + "/v"
                    + row.get("version").asInt());
        }
        return rows;
    }

    @Test
    void orderedByModelTrimAndPeriodInTheDatabasesBinaryOrder() throws Exception {
        assertEquals(
                List.of(
                        "LE 20241 30.00/v1",
                        "LE 20242 31.00/v1",
                        "LE  20241 30.00/v1",
                        "LE  20242 31.00/v1",
                        "\uff58 20241 30.00/v1",
                        "\uff58 20242 31.00/v1",
                        "\ud83d\ude00 20241 30.00/v1",
                        "\ud83d\ude00 20242 31.00/v1"),
                rows("model=" + MODEL));
    }

    @Test
    void aPresentFilterIsExactEvenWhenEmpty() throws Exception {
        assertEquals(List.of("LE  20241 30.00/v1", "LE  20242 31.00/v1"), rows("model=" + MODEL + "&trim=LE%20"));
        assertEquals(List.of(), rows("model=" + MODEL + "&trim=le"));
        assertEquals(List.of(), rows("model=" + MODEL + "&trim="));
        assertEquals(List.of(), rows("model=" + MODEL.toUpperCase()));
    }

    @Test
    void aParameterGivenTwiceIsBadRequest() throws Exception {
        assertEquals(400, get("model=a&model=a").status());
        assertEquals(400, get("trim=a&model=" + MODEL + "&trim=b").status());
    }
}
