package bench.mvc.bookings;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The allocation rule against every case of spec/fixtures/bookings/valid.json. */
class AllocationTest {

    static final Path FIXTURES = Path.of("../spec/fixtures/bookings");

    static Stream<JsonNode> valid() {
        return JsonMapper.builder()
                .build()
                .readTree(FIXTURES.resolve("valid.json").toFile())
                .valueStream();
    }

    @ParameterizedTest
    @MethodSource("valid")
    void allocatesLikeTheFixture(JsonNode fixture) {
        JsonNode booking = fixture.get("booking");
        BigInteger cents = new java.math.BigDecimal(booking.get("dollarValue").stringValue())
                .movePointRight(2)
                .toBigIntegerExact();
        List<Allocation> shares = Allocation.allocate(
                cents,
                LocalDate.parse(booking.get("startDate").stringValue()),
                LocalDate.parse(booking.get("endDate").stringValue()));
        List<String> actual = shares.stream()
                .map(a -> a.fiscalPeriodId() + "=" + a.amount().toPlainString())
                .toList();
        List<String> expected = fixture.get("allocations")
                .valueStream()
                .map(a ->
                        a.get("fiscalPeriodId").asInt() + "=" + a.get("amount").stringValue())
                .toList();
        assertThat(actual).as(fixture.get("name").stringValue()).isEqualTo(expected);
    }

    @Test
    void sharesAlwaysSumToTheBooking() {
        BigInteger cents = new BigInteger("9999999999999999999");
        List<Allocation> shares = Allocation.allocate(cents, LocalDate.of(2000, 1, 1), LocalDate.of(2049, 12, 31));
        assertThat(shares).hasSize(100);
        assertThat(shares.stream().map(Allocation::cents).reduce(BigInteger.ZERO, BigInteger::add))
                .isEqualTo(cents);
    }

    @Test
    void aCentOverTwoYearsTouchesEveryPeriod() {
        List<Allocation> shares =
                Allocation.allocate(BigInteger.ONE, LocalDate.of(2022, 1, 1), LocalDate.of(2023, 12, 31));
        assertThat(shares).extracting(a -> a.amount().toPlainString()).containsExactly("0.00", "0.00", "0.00", "0.01");
    }
}
