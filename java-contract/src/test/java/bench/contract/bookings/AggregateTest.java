package bench.contract.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.contract.Refused;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AggregateTest {

    @Test
    void theTotalHasExactlyTwoDecimals() {
        assertEquals("147.54", new Aggregate("Corolla", "LE", 20221, new BigDecimal("147.54"), 1).totalDollarAmount());
        assertEquals("5.00", new Aggregate("m", "t", 20221, new BigDecimal("5"), 1).totalDollarAmount());
        assertEquals(
                "99999999999999999.99",
                new Aggregate("m", "t", 20221, new BigDecimal("99999999999999999.99"), 1).totalDollarAmount());
        assertEquals("0.10", new Aggregate("m", "t", 20221, new BigDecimal("1E-1"), 1).totalDollarAmount());
    }

    @Test
    void aRowIsReadByItsColumnNames() {
        Map<String, Object> row = Map.of(
                "model",
                "Corolla",
                "trim",
                "LE",
                "fiscal_period_id",
                20222,
                "total_dollar_amount",
                new BigDecimal("12.3"),
                "version",
                4);
        Aggregate.Columns columns = new Aggregate.Columns() {
            @Override
            public <T> T get(String column, Class<T> type) {
                return type.cast(row.get(column));
            }
        };
        assertEquals(new Aggregate("Corolla", "LE", 20222, "12.30", 4), Aggregate.read(columns));
    }

    @Test
    void anAbsentParameterDoesNotFilterAPresentOneDoesEvenEmpty() {
        assertEquals(Map.of(), Aggregate.filters(name -> List.of()));
        Map<String, List<String>> query = Map.of("trim", List.of("LE"), "model", List.of(""));
        Map<String, String> filters = Aggregate.filters(name -> query.getOrDefault(name, List.of()));
        assertEquals(List.of("model", "trim"), List.copyOf(filters.keySet()), "model's condition first");
        assertEquals(List.of("", "LE"), List.copyOf(filters.values()));
    }

    @Test
    void aRepeatedParameterIsA400() {
        Map<String, List<String>> query = Map.of("trim", List.of("a", "b"));
        Refused refused =
                assertThrows(Refused.class, () -> Aggregate.filters(name -> query.getOrDefault(name, List.of())));
        assertEquals(400, refused.status());
        assertEquals("trim may be given once", refused.getMessage());
    }

    @Test
    void theQueryHasOneConditionPerFilterAndTheDatabasesOrder() {
        String select = "SELECT model, trim, fiscal_period_id, total_dollar_amount, version FROM aggregates";
        String order = " ORDER BY model, trim, fiscal_period_id";
        assertEquals(select + order, Aggregate.sql(List.of()));
        assertEquals(select + " WHERE trim = ?" + order, Aggregate.sql(List.of("trim")));
        assertEquals(select + " WHERE model = ? AND trim = ?" + order, Aggregate.sql(List.of("model", "trim")));
    }
}
