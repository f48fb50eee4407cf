package bench.reactor.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import bench.reactor.Fixtures;
import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class AllocationTest {

    static Stream<JsonNode> valid() {
        return StreamSupport.stream(Fixtures.json("bookings/valid.json").spliterator(), false);
    }

    @ParameterizedTest(name = "{index}")
    @MethodSource("valid")
    void matchesEveryValidFixture(JsonNode fixture) {
        ValidBooking booking = BookingRules.validate(BookingInput.decode(
                BookingInput.JSON, fixture.get("booking").toString().getBytes(StandardCharsets.UTF_8)));
        List<String> actual = Allocation.allocate(booking.cents(), booking.startDate(), booking.endDate()).stream()
                .map(a -> a.fiscalPeriodId() + "=" + a.amount().toPlainString())
                .toList();
        List<String> expected = StreamSupport.stream(fixture.get("allocations").spliterator(), false)
                .map(a ->
                        a.get("fiscalPeriodId").asInt() + "=" + a.get("amount").asText())
                .toList();
        assertEquals(expected, actual, fixture.get("name").asText());
    }

    @Test
    void theWorkedExample() {
        List<Allocation> allocations =
                Allocation.allocate(BigInteger.valueOf(30000), LocalDate.of(2022, 6, 1), LocalDate.of(2022, 7, 31));
        assertEquals(
                List.of(
                        new Allocation(20221, BigInteger.valueOf(14754)),
                        new Allocation(20222, BigInteger.valueOf(15246))),
                allocations);
    }

    @Test
    void oneCentOverTwoYearsTouchesFourPeriods() {
        List<Allocation> allocations =
                Allocation.allocate(BigInteger.ONE, LocalDate.of(2022, 1, 1), LocalDate.of(2023, 12, 31));
        assertEquals(
                List.of("0.00", "0.00", "0.00", "0.01"),
                allocations.stream().map(a -> a.amount().toPlainString()).toList());
    }

    @Test
    void theLargestValueStaysExact() {
        BigInteger cents = new BigInteger("9999999999999999999");
        List<Allocation> allocations = Allocation.allocate(cents, LocalDate.of(2000, 1, 1), LocalDate.of(2049, 12, 31));
        assertEquals(100, allocations.size());
        assertEquals(cents, allocations.stream().map(Allocation::cents).reduce(BigInteger.ZERO, BigInteger::add));
    }
}
