package bench.reactor.event;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

@JsonPropertyOrder({"name", "country", "stadium"})
public record Team(String name, String country, Stadium stadium) {

    public Team {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(country, "country");
        Objects.requireNonNull(stadium, "stadium");
    }
}
