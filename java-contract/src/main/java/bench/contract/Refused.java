package bench.contract;

/**
 * A request the contract refuses: the status it gets (400 or 422 here; a stack may refuse with others, such as 409 or
 * 503) and the reason its error body carries. Each stack writes it as its own error response; an answer to the
 * client, not a failure, so it has no stack trace.
 */
public final class Refused extends RuntimeException {
    private final int status;

    public Refused(int status, String reason) {
        super(reason, null, false, false);
        this.status = status;
    }

    public static Refused badRequest(String reason) {
        return new Refused(400, reason);
    }

    public int status() {
        return status;
    }
}
