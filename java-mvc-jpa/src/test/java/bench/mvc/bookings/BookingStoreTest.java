package bench.mvc.bookings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import bench.contract.bookings.Allocation;
import bench.contract.bookings.ValidBooking;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.server.ResponseStatusException;

/**
 * The JPA mapping, the transaction and the aggregates query against the real MariaDB (the DB_* environment
 * `make unit` exports), on the shared schema. Each test runs in a transaction that is rolled back, under a model
 * name of its own.
 */
@DataJpaTest(showSql = false)
@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
@Import(BookingStore.class)
class BookingStoreTest {

    @Autowired
    BookingStore store;

    @Autowired
    Aggregates.Totals totals;

    @Autowired
    AggregateRow.Repository aggregates;

    @Autowired
    JdbcTemplate jdbc;

    private static ValidBooking booking(String model, String value, String start, String end) {
        BigDecimal dollars = new BigDecimal(value);
        return new ValidBooking(
                "T-1",
                dollars,
                dollars.movePointRight(2).toBigIntegerExact(),
                LocalDate.parse(start),
                LocalDate.parse(end),
                LocalDateTime.ofInstant(Instant.ofEpochMilli(1_700_000_000_000L), ZoneOffset.UTC),
                null,
                model,
                "LE",
                "",
                null);
    }

    private int book(ValidBooking booking) {
        return store.book(booking, Allocation.allocate(booking.cents(), booking.startDate(), booking.endDate()));
    }

    @Test
    void booksTheRowAndAddsToEachPeriodUnderItsLock() {
        String model = "store-" + UUID.randomUUID();
        int rowId = book(booking(model, "300.00", "2022-06-01", "2022-07-31"));
        ValidBooking zero = booking(model, "0.01", "2022-07-01", "2022-07-01");
        store.book(zero, List.of(new Allocation(20221, BigInteger.ZERO), new Allocation(20222, BigInteger.ONE)));

        var row = jdbc.queryForMap(
                "SELECT CAST(origin_ts AS CHAR) AS origin_ts, stage, parent_id FROM bookings WHERE row_id = ?", rowId);
        assertThat(row.get("origin_ts").toString()).startsWith("2023-11-14 22:13:20");
        assertThat(row.get("stage")).isEqualTo("");
        assertThat(row.get("parent_id")).isNull();
        assertThat(totals.search(model, "LE"))
                .extracting(a -> a.fiscalPeriodId() + "=" + a.totalDollarAmount() + "/v" + a.version())
                .containsExactly("20221=147.54/v2", "20222=152.47/v2");
    }

    @Test
    void filtersAreExactAndAbsentOnesMatchEverything() {
        String model = "filter-" + UUID.randomUUID();
        book(booking(model, "10.00", "2024-01-01", "2024-01-31"));
        assertThat(totals.search(model, "LE")).hasSize(1);
        assertThat(totals.search(model, "LE ")).isEmpty();
        assertThat(totals.search(model, "le")).isEmpty();
        assertThat(totals.search(model, null)).hasSize(1);
        assertThat(aggregates.findByModelAndTrimAndFiscalPeriodId(model, "LE", 20241))
                .isPresent();
    }

    @Test
    void aLostRaceToInsertAnAggregateIsAConflict() {
        String model = "race-" + UUID.randomUUID();
        aggregates.save(new AggregateRow(model, "LE", 20241, BigDecimal.ONE));
        assertThatThrownBy(() -> aggregates.save(new AggregateRow(model, "LE", 20241, BigDecimal.ONE)))
                .satisfies(e -> assertThat(Retries.conflict(e)).as(e.toString()).isTrue());
    }

    @Test
    void aTotalPastDecimal19And2Is409AndLeavesTheTotalAsItWas() {
        String model = "overflow-" + UUID.randomUUID();
        book(booking(model, "99999999999999999.98", "2024-01-01", "2024-01-31"));
        book(booking(model, "0.01", "2024-01-01", "2024-01-31"));
        assertThatThrownBy(() -> book(booking(model, "0.01", "2024-01-01", "2024-01-31")))
                .isInstanceOfSatisfying(ResponseStatusException.class, e -> {
                    assertThat(e.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
                    assertThat(e.getReason())
                            .isEqualTo("the booking would take an aggregate's total past 99999999999999999.99");
                    assertThat(Retries.conflict(e) || Retries.unavailable(e)).isFalse();
                });
        aggregates.flush();
        assertThat(totals.search(model, "LE"))
                .extracting(a -> a.totalDollarAmount() + "/v" + a.version())
                .containsExactly("99999999999999999.99/v2");
    }
}
