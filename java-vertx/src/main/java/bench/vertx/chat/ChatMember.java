package bench.vertx.chat;

/** A registered connection as a room sees it. */
public interface ChatMember {
  /** Called for every frame published to the member's room, from any thread. */
  void deliver(String frame);
}
