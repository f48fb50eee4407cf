package bench.play.hello;

import play.mvc.Result;
import play.mvc.Results;

/** GET /hello: the same immutable result every time; Play adds Content-Length and Pekko HTTP the Date. */
public final class Hello {
    private static final Result HELLO = Results.ok("Hello, World!").as("text/plain; charset=utf-8");

    public Result hello() {
        return HELLO;
    }
}
