package bench.play.chat;

import bench.play.Errors;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.Done;
import org.apache.pekko.NotUsed;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.CoordinatedShutdown;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Scheduler;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.stream.javadsl.Flow;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.stream.javadsl.Source;
import play.api.http.websocket.Message;
import play.api.mvc.Handler;
import play.api.mvc.WebSocket;
import play.api.mvc.WebSocket$;
import play.libs.streams.Accumulator;
import play.mvc.EssentialAction;
import play.mvc.Http;
import scala.Tuple2;
import scala.concurrent.Future$;
import scala.util.Right;

/**
 * GET /chat: the WebSocket upgrade, or 426 for a plain GET (400 for a broken handshake), and 1001 to every socket at
 * shutdown. Each socket is an actor, {@link ChatConnection}, behind a Pekko Streams flow: frames in go to the actor one
 * at a time (an ask per frame: the next is read once it is answered), frames out come from the connection's outbox.
 * Play's WebSocket handler answers pings and does the close handshake; it takes frames up to 1 MiB
 * (play.server.websocket.frame.maxLength), so that the contract's 64 KiB is checked by the connection in the frame's
 * turn, behind any violation before it.
 */
public final class Chat {
    /** How long a frame may wait for the room; it waits at most for a relay to the slow members (ChatRoom). */
    private static final Duration FRAME_TIMEOUT = Duration.ofSeconds(30);
    /** Shutdown waits this long for the peers to answer their 1001 (spec/API.md §1.5). */
    private static final Duration CLOSE_HANDSHAKES = Duration.ofSeconds(2);

    private final ActorSystem system;
    private final Scheduler scheduler;
    private final ActorRef<ChatRooms.Command> rooms;

    public Chat(ActorSystem system, CoordinatedShutdown shutdown) {
        this.system = system;
        this.scheduler = Adapter.toTyped(system).scheduler();
        this.rooms = Adapter.spawn(system, ChatRooms.create(), "chat-rooms");
        // Before the server unbinds: the sockets' close handshakes run while the server still serves.
        shutdown.addTask(CoordinatedShutdown.PhaseBeforeServiceUnbind(), "chat-going-away", this::goingAway);
    }

    /**
     * The handler for GET /chat. Play's Pekko HTTP server runs a {@link WebSocket} only for a valid upgrade and answers
     * anything else with its own text/plain 426, so the request is looked at first (a {@link Handler.Stage}), and the
     * others get the JSON error body (spec/API.md §1.4).
     */
    public Handler webSocket() {
        WebSocket upgrade = WebSocket$.MODULE$.apply(
                request -> Future$.MODULE$.successful(new Right<>(connection().asScala())));
        EssentialAction upgradeRequired = EssentialAction.of(request -> Accumulator.done(
                Errors.of(426, "This endpoint speaks WebSocket only").withHeader("Upgrade", "websocket")));
        EssentialAction badHandshake =
                EssentialAction.of(request -> Accumulator.done(Errors.of(400, "Invalid WebSocket handshake")));
        return (Handler.Stage) request -> {
            Http.RequestHeader header = request.asJava();
            Handler handler = !hasToken(header, "Upgrade", "websocket")
                    ? upgradeRequired
                    : validHandshake(header) ? upgrade : badHandshake;
            return new Tuple2<>(request, handler);
        };
    }

    /**
     * One socket's flow. Its actor starts when the flow is materialized, with the outbox its frames come from, and
     * hears when the stream is over.
     */
    private Flow<Message, Message, NotUsed> connection() {
        ChatOutbox outbox = new ChatOutbox();
        CompletableFuture<ActorRef<ChatConnection.Command>> actor = new CompletableFuture<>();
        Source<Message, NotUsed> outbound = outbox.source().mapMaterializedValue(notUsed -> {
            actor.complete(Adapter.spawnAnonymous(system, ChatConnection.create(rooms, outbox)));
            return notUsed;
        });
        Sink<Message, NotUsed> inbound = Flow.<Message>create()
                .mapAsync(
                        1,
                        message -> actor.thenCompose(connection -> AskPattern.ask(
                                connection,
                                (ActorRef<Done> read) -> new ChatConnection.Frame(message, read),
                                FRAME_TIMEOUT,
                                scheduler)))
                .to(Sink.onComplete(
                        ended -> actor.thenAccept(connection -> connection.tell(ChatConnection.Signal.ENDED))));
        return Flow.fromSinkAndSource(inbound, outbound);
    }

    /** Every socket gets 1001; done once their close handshakes are over, or after {@link #CLOSE_HANDSHAKES}. */
    private CompletionStage<Done> goingAway() {
        return AskPattern.<ChatRooms.Command, Done>ask(rooms, ChatRooms.GoAway::new, CLOSE_HANDSHAKES, scheduler)
                .exceptionally(someStillOpen -> Done.done());
    }

    /**
     * The rest of the handshake Pekko HTTP requires before it upgrades (RFC 6455 §4.2.1): Connection: Upgrade,
     * Sec-WebSocket-Version: 13 and a key of 16 bytes in base64.
     */
    private static boolean validHandshake(Http.RequestHeader request) {
        return hasToken(request, "Connection", "upgrade")
                && hasToken(request, "Sec-WebSocket-Version", "13")
                && request.header("Sec-WebSocket-Key").map(Chat::isKey).orElse(false);
    }

    private static boolean isKey(String key) {
        try {
            return Base64.getDecoder().decode(key.trim()).length == 16;
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
    }

    /**
     * Whether a comma-separated header, sent once or more, lists {@code token} (case-insensitive; an Upgrade
     * protocol's version after "/" aside).
     */
    private static boolean hasToken(Http.RequestHeader request, String header, String token) {
        List<String> values = request.getHeaders().getAll(header);
        for (String value : values) {
            for (String item : value.split(",")) {
                int version = item.indexOf('/');
                String name = version < 0 ? item : item.substring(0, version);
                if (name.trim().toLowerCase(Locale.ROOT).equals(token)) {
                    return true;
                }
            }
        }
        return false;
    }
}
