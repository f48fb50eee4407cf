package bench.contract.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AllocationTest {
    @Test
    void everyValidFixtureAllocatesExactlyAsListed() {
        for (JsonNode fixture : Fixtures.json("bookings/valid.json")) {
            byte[] body = fixture.get("booking").toString().getBytes(StandardCharsets.UTF_8);
            ValidBooking booking = BookingRules.validate(BookingInput.json(body));
            List<String> got = new ArrayList<>();
            for (Allocation a : Allocation.allocate(booking.cents(), booking.startDate(), booking.endDate())) {
                got.add(a.fiscalPeriodId() + "=" + a.amount().toPlainString());
            }
            List<String> expected = new ArrayList<>();
            for (JsonNode a : fixture.get("allocations")) {
                expected.add(
                        a.get("fiscalPeriodId").asInt() + "=" + a.get("amount").asText());
            }
            assertEquals(expected, got, fixture.get("name").asText());
        }
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
    void tinyAmountsStillTouchEveryPeriod() {
        List<Allocation> allocations =
                Allocation.allocate(BigInteger.ONE, LocalDate.of(2022, 1, 1), LocalDate.of(2023, 12, 31));
        assertEquals(
                List.of("0.00", "0.00", "0.00", "0.01"),
                allocations.stream().map(a -> a.amount().toPlainString()).toList());
    }

    @Test
    void aLeapYearsFirstHalfHas182Days() {
        // 2024-01-01..2024-12-31: 182 + 184 days; floor(36600 × 182 / 366) = 18200.
        List<Allocation> allocations =
                Allocation.allocate(BigInteger.valueOf(36600), LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 31));
        assertEquals(
                List.of(
                        new Allocation(20241, BigInteger.valueOf(18200)),
                        new Allocation(20242, BigInteger.valueOf(18400))),
                allocations);
    }

    @Test
    void theLargestValueOverFiftyYearsSumsExactly() {
        BigInteger cents = new BigInteger("9999999999999999999");
        List<Allocation> allocations = Allocation.allocate(cents, LocalDate.of(2000, 1, 1), LocalDate.of(2049, 12, 31));
        assertEquals(100, allocations.size());
        assertEquals(cents, allocations.stream().map(Allocation::cents).reduce(BigInteger.ZERO, BigInteger::add));
    }
}
