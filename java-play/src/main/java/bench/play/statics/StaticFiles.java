package bench.play.statics;

import bench.play.Errors;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import play.mvc.Http;
import play.mvc.Result;

/** GET/HEAD /static/**. TODO(helper): the whole workload. */
public final class StaticFiles {
    private final Path root;

    public StaticFiles(Path root) {
        this.root = root;
    }

    public CompletionStage<Result> serve(Http.RequestHeader request) {
        return CompletableFuture.completedFuture(Errors.of(404, "Not found"));
    }
}
