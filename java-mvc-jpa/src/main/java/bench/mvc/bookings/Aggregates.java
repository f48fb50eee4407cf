package bench.mvc.bookings;

import bench.contract.bookings.Aggregate;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.Repository;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * GET /aggregates (spec/API.md §6.8): every product's total per half-year, filtered by model and trim as
 * java-contract's {@link Aggregate} reads the query string (a repeated parameter is its 400), each row answered as
 * that record. The order is the database's (binary collation), never re-sorted here.
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

    private final Totals totals;

    Aggregates(Totals totals) {
        this.totals = totals;
    }

    // The raw values: a String parameter would join repeated values with commas, a List would split on them.
    @GetMapping("/aggregates")
    List<Aggregate> aggregates(@RequestParam MultiValueMap<String, String> query) {
        Map<String, String> filters = Aggregate.filters(name -> query.getOrDefault(name, List.of()));
        return totals.search(filters.get("model"), filters.get("trim")).stream()
                .map(a -> new Aggregate(a.model(), a.trim(), a.fiscalPeriodId(), a.totalDollarAmount(), a.version()))
                .toList();
    }
}
