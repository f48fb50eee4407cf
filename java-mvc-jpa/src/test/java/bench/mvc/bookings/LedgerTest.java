package bench.mvc.bookings;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The JPA mapping and the ledger against the real MariaDB (the DB_* environment `make unit` exports), on the
 * shared schema. Each test runs in a transaction that is rolled back, under a model name of its own.
 */
@DataJpaTest(showSql = false)
@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
@Import(Ledger.class)
class LedgerTest {

  @Autowired
  Ledger ledger;

  @Autowired
  Aggregates aggregates;

  @Autowired
  JdbcTemplate jdbc;

  private static BookingInput booking(String model, String value, String start, String end) {
    BigDecimal dollars = new BigDecimal(value);
    return new BookingInput("T-1", dollars, dollars.movePointRight(2).toBigIntegerExact(), LocalDate.parse(start),
        LocalDate.parse(end), Instant.ofEpochMilli(1_700_000_000_000L), null, model, "LE", "", null);
  }

  @Test
  void booksTheRowAndAddsToEachPeriodUnderItsLock() {
    String model = "ledger-" + UUID.randomUUID();
    BookingInput first = booking(model, "300.00", "2022-06-01", "2022-07-31");
    int rowId = ledger.book(first, Allocation.spread(first.cents(), first.startDate(), first.endDate()));
    BookingInput zero = booking(model, "0.01", "2022-07-01", "2022-07-01");
    ledger.book(zero, List.of(new Allocation(20221, BigInteger.ZERO), new Allocation(20222, BigInteger.ONE)));

    var row = jdbc.queryForMap("SELECT CAST(origin_ts AS CHAR) AS origin_ts, stage, parent_id FROM bookings WHERE row_id = ?", rowId);
    assertThat(row.get("origin_ts").toString()).startsWith("2023-11-14 22:13:20");
    assertThat(row.get("stage")).isEqualTo("");
    assertThat(row.get("parent_id")).isNull();
    assertThat(ledger.aggregates(model, "LE")).extracting(a -> a.fiscalPeriodId() + "=" + a.totalDollarAmount() + "/v" + a.version())
        .containsExactly("20221=147.54/v2", "20222=152.47/v2");
  }

  @Test
  void filtersAreExactAndAbsentOnesMatchEverything() {
    String model = "filter-" + UUID.randomUUID();
    BookingInput in = booking(model, "10.00", "2024-01-01", "2024-01-31");
    ledger.book(in, Allocation.spread(in.cents(), in.startDate(), in.endDate()));
    assertThat(ledger.aggregates(model, "LE")).hasSize(1);
    assertThat(ledger.aggregates(model, "LE ")).isEmpty();
    assertThat(ledger.aggregates(model, "le")).isEmpty();
    assertThat(ledger.aggregates(model, null)).hasSize(1);
    assertThat(aggregates.findByModelAndTrimAndFiscalPeriodId(model, "LE", 20241)).isPresent();
  }
}
