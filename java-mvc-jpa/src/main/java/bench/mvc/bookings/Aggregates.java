package bench.mvc.bookings;

import java.math.BigDecimal;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.Repository;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * GET /aggregates (spec/API.md §6.8): every product's total per half-year, filtered by model and trim. The order
 * is the database's (binary collation), never re-sorted here.
 */
@RestController
class Aggregates {

    /** The query, a repository of its own so that it reads beside its handler. */
    interface Totals extends Repository<AggregateRow, Integer> {

        /** An absent filter matches everything; a present one, even empty, compares exactly. */
        @Transactional(readOnly = true)
        @Query("""
        select a from AggregateRow a
        where (:model is null or a.model = :model) and (:trim is null or a.trim = :trim)
        order by a.model, a.trim, a.fiscalPeriodId""")
        List<AggregateRow> search(@Nullable String model, @Nullable String trim);
    }

    record Total(String model, String trim, int fiscalPeriodId, String totalDollarAmount, int version) {}

    private final Totals totals;

    Aggregates(Totals totals) {
        this.totals = totals;
    }

    @GetMapping("/aggregates")
    List<Total> aggregates(@RequestParam MultiValueMap<String, String> query) {
        return totals.search(filter(query, "model"), filter(query, "trim")).stream()
                .map(a -> new Total(a.model(), a.trim(), a.fiscalPeriodId(), money(a.totalDollarAmount()), a.version()))
                .toList();
    }

    // The raw values: a String parameter would join repeated values with commas, a List would split on them.
    private static @Nullable String filter(MultiValueMap<String, String> query, String name) {
        List<String> values = query.getOrDefault(name, List.of());
        if (values.size() > 1) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, name + " may be given once");
        }
        return values.isEmpty() ? null : values.getFirst();
    }

    private static String money(BigDecimal amount) {
        return amount.setScale(2).toPlainString();
    }
}
