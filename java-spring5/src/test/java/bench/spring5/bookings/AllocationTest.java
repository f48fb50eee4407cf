package bench.spring5.bookings;

import static org.assertj.core.api.Assertions.assertThat;

import bench.spring5.Fixtures;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class AllocationTest {

    private static List<String> render(List<Allocation> allocations) {
        return allocations.stream()
                .map(a -> a.fiscalPeriodId() + "=" + a.amount().toPlainString())
                .toList();
    }

    private static BigInteger cents(String dollars) {
        return new BigDecimal(dollars).movePointRight(2).toBigIntegerExact();
    }

    @Test
    void theWorkedExampleOfTheContract() {
        assertThat(render(Allocation.allocate(cents("300.00"), LocalDate.of(2022, 6, 1), LocalDate.of(2022, 7, 31))))
                .containsExactly("20221=147.54", "20222=152.46");
    }

    @Test
    void everyOverlappedPeriodGetsAnAllocationEvenZero() {
        assertThat(render(Allocation.allocate(cents("0.01"), LocalDate.of(2022, 1, 1), LocalDate.of(2023, 12, 31))))
                .containsExactly("20221=0.00", "20222=0.00", "20231=0.00", "20232=0.01");
    }

    @Test
    void theLargestValueSumsExactly() {
        BigInteger max = cents("99999999999999999.99");
        List<Allocation> allocations = Allocation.allocate(max, LocalDate.of(2000, 1, 1), LocalDate.of(2049, 12, 31));
        assertThat(allocations).hasSize(100);
        assertThat(allocations.stream().map(Allocation::cents).reduce(BigInteger.ZERO, BigInteger::add))
                .isEqualTo(max);
    }

    @Test
    void everyValidFixtureAllocatesAsExpected() {
        for (JsonNode fixture : Fixtures.json("bookings/valid.json")) {
            JsonNode booking = fixture.get("booking");
            List<String> expected = new ArrayList<>();
            for (JsonNode a : fixture.get("allocations")) {
                expected.add(
                        a.get("fiscalPeriodId").asInt() + "=" + a.get("amount").stringValue());
            }
            List<Allocation> actual = Allocation.allocate(
                    cents(booking.get("dollarValue").stringValue()),
                    LocalDate.parse(booking.get("startDate").stringValue()),
                    LocalDate.parse(booking.get("endDate").stringValue()));
            assertThat(render(actual)).as(fixture.get("name").stringValue()).isEqualTo(expected);
        }
    }
}
