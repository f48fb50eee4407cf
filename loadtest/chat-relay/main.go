// Command chat-relay is the chat ceiling: the chat protocol of spec/API.md §7 and nothing else, so that a stack's
// chat row can be read beside what a relay on the same CPUs, driven by the same client and scenario, delivers and
// how late. It leaves out everything a stack does besides relaying: the other routes (only /chat and /health
// answer), a framework's routing, codecs and schedulers. Each frame is checked once and its received text handed to
// every member's writer goroutine. No stack can relay with less work per frame, which makes it a ceiling.
//
// Usage: chat-relay [-listen 127.0.0.1:8090]
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"log"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/gorilla/websocket"
)

const (
	maxPayload     = 65536   // §7.4: larger → 1009
	maxBacklog     = 1 << 20 // §7.5: bytes accepted for a member and not yet written
	maxNameRunes   = 64
	closeWait      = 30 * time.Second // §7.5: a backpressured peer keeps its socket this long after 1013
	shutdownWait   = 2 * time.Second  // §1.5
	takenName      = `{"type":"system","message":"A user with that name already exists"}`
	statusTryLater = 1013
)

type member struct {
	conn    *websocket.Conn
	name    string
	room    string
	out     chan []byte
	mu      sync.Mutex
	backlog int
	closed  bool
	closing chan closeFrame
	done    chan struct{} // closed when the reader has ended: the peer's close, the timeout or a broken socket
}

func (m *member) isClosed() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.closed
}

type closeFrame struct {
	code   int
	reason string
	system string // a system frame sent before the close frame, when not empty
	wait   time.Duration
}

type relay struct {
	mu    sync.Mutex
	all   map[*member]struct{} // every open connection, registered or not (closed with 1001 on SIGTERM)
	names map[string]*member
	rooms map[string]map[*member]struct{}
}

func systemFrame(reason string) string {
	b, _ := json.Marshal(map[string]string{"type": "system", "message": reason})
	return string(b)
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

func (r *relay) serveChat(w http.ResponseWriter, req *http.Request) {
	if req.Method != http.MethodGet {
		w.Header().Set("Allow", "GET")
		writeError(w, http.StatusMethodNotAllowed, "method not allowed")
		return
	}
	if !websocket.IsWebSocketUpgrade(req) {
		writeError(w, http.StatusUpgradeRequired, "a WebSocket upgrade is required")
		return
	}
	// gorilla writes the 101 itself, without the Date every answer carries (spec/API.md §1.3).
	conn, err := upgrader.Upgrade(w, req, http.Header{"Date": {time.Now().UTC().Format(http.TimeFormat)}})
	if err != nil {
		return
	}
	conn.SetReadLimit(maxPayload)
	// The backlog is bounded in bytes (enqueue); the channel only has to hold that many small frames.
	m := &member{conn: conn, out: make(chan []byte, maxBacklog/64), closing: make(chan closeFrame, 1), done: make(chan struct{})}
	r.mu.Lock()
	r.all[m] = struct{}{}
	r.mu.Unlock()
	go m.write()
	r.read(m)
}

func writeError(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	b, _ := json.Marshal(map[string]string{"error": message})
	w.Write(b)
}

// read deals with a connection's frames one at a time; the first violation ends it (§7.4). After the relay's close
// frame it keeps reading, and ignores what arrives, until the peer's close frame or the close timeout.
func (r *relay) read(m *member) {
	defer func() {
		r.leave(m)
		close(m.done)
	}()
	for {
		kind, data, err := m.conn.ReadMessage()
		if err != nil {
			if errors.Is(err, websocket.ErrReadLimit) {
				// gorilla reads no further once the limit is passed: the close frame goes out, and the peer gets
				// the close timeout to answer it before the connection is closed.
				m.close(closeFrame{code: websocket.CloseMessageTooBig, reason: "message too big"})
				time.Sleep(shutdownWait)
			}
			return
		}
		if m.isClosed() {
			continue
		}
		switch {
		case kind == websocket.BinaryMessage:
			m.close(closeFrame{code: websocket.CloseUnsupportedData, reason: "text frames only"})
		case !utf8.Valid(data):
			m.close(closeFrame{code: websocket.CloseInvalidFramePayloadData, reason: "not UTF-8"})
		default:
			if problem := r.handle(m, data); problem != "" {
				system := systemFrame(problem)
				if problem == takenName {
					system = takenName
				}
				m.close(closeFrame{code: websocket.ClosePolicyViolation, system: system})
			}
		}
	}
}

// handle registers or relays one text frame; it returns a violation's reason, or "".
func (r *relay) handle(m *member, data []byte) string {
	var frame map[string]json.RawMessage
	if err := json.Unmarshal(data, &frame); err != nil || frame == nil {
		return "a frame must be a JSON object"
	}
	str := func(key string) (string, bool) {
		raw, ok := frame[key]
		if !ok {
			return "", false
		}
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "", false
		}
		return s, true
	}
	_, hasMessage := frame["message"]
	if m.name == "" {
		if hasMessage {
			return "a message before registering"
		}
		name, okName := str("name")
		room, okRoom := str("chat")
		if !okName || !okRoom || name == "" || room == "" || utf8.RuneCountInString(name) > maxNameRunes || utf8.RuneCountInString(room) > maxNameRunes {
			return "registration needs a name and a chat of 1 to 64 characters"
		}
		if !r.join(m, name, room) {
			return takenName
		}
		return ""
	}
	if !hasMessage {
		return "already registered"
	}
	name, _ := str("name")
	room, _ := str("chat")
	if _, ok := str("message"); !ok || name != m.name || room != m.room {
		return "name and chat must be the registered ones, and message a string"
	}
	r.broadcast(m.room, data)
	return ""
}

func (r *relay) join(m *member, name, room string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, taken := r.names[name]; taken {
		return false
	}
	m.name, m.room = name, room
	r.names[name] = m
	if r.rooms[room] == nil {
		r.rooms[room] = map[*member]struct{}{}
	}
	r.rooms[room][m] = struct{}{}
	return true
}

func (r *relay) leave(m *member) {
	r.mu.Lock()
	delete(r.all, m)
	if m.name != "" && r.names[m.name] == m {
		delete(r.names, m.name)
		delete(r.rooms[m.room], m)
	}
	r.mu.Unlock()
}

// broadcast hands the received text, unchanged, to every member of the room, the sender included (§7.3). Under the
// relay's lock, so that one sender's frames reach every member in the order they were read.
func (r *relay) broadcast(room string, data []byte) {
	r.mu.Lock()
	var over []*member
	for to := range r.rooms[room] {
		if !to.enqueue(data) {
			over = append(over, to)
		}
	}
	for _, to := range over {
		delete(r.rooms[room], to)
		delete(r.names, to.name)
	}
	r.mu.Unlock()
	for _, to := range over {
		to.close(closeFrame{code: statusTryLater, reason: "too slow", wait: closeWait})
	}
}

func (m *member) enqueue(data []byte) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed || m.backlog+len(data) > maxBacklog {
		return false
	}
	select {
	case m.out <- data:
		m.backlog += len(data)
		return true
	default:
		return false
	}
}

// close sends an optional system frame and the close frame after what is queued, once. A member closed for its
// backlog (1013) gets no more of the queue, and its socket is dropped if it still takes nothing after closeWait.
func (m *member) close(f closeFrame) {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return
	}
	m.closed = true
	m.mu.Unlock()
	if f.code == statusTryLater {
		m.conn.UnderlyingConn().SetWriteDeadline(time.Now().Add(closeWait))
	}
	m.closing <- f
}

// write is the member's only writer of data frames: the queue in order, then, once closed, the close frame; the
// socket is closed when the reader has ended (the peer answered, or the timeout ran out).
func (m *member) write() {
	defer m.conn.Close()
	for {
		select {
		case f := <-m.closing:
			m.finish(f)
			return
		default:
		}
		select {
		case data := <-m.out:
			if m.conn.WriteMessage(websocket.TextMessage, data) != nil {
				return
			}
			m.mu.Lock()
			m.backlog -= len(data)
			m.mu.Unlock()
		case f := <-m.closing:
			m.finish(f)
			return
		case <-m.done:
			return
		}
	}
}

func (m *member) finish(f closeFrame) {
	// A violation's own earlier messages first (they are already queued), unless its backlog closed it.
	for f.code != statusTryLater && len(m.out) > 0 {
		if m.conn.WriteMessage(websocket.TextMessage, <-m.out) != nil {
			return
		}
	}
	if f.system != "" && m.conn.WriteMessage(websocket.TextMessage, []byte(f.system)) != nil {
		return
	}
	wait := f.wait
	if wait == 0 {
		wait = shutdownWait
	}
	m.conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(f.code, f.reason), time.Now().Add(wait))
	m.conn.SetReadDeadline(time.Now().Add(wait))
	<-m.done
}

func main() {
	listen := flag.String("listen", "127.0.0.1:8090", "address to listen on")
	flag.Parse()
	r := &relay{all: map[*member]struct{}{}, names: map[string]*member{}, rooms: map[string]map[*member]struct{}{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/chat", r.serveChat)
	mux.HandleFunc("/health", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(`{"status":"UP"}`)) })
	server := &http.Server{Addr: *listen, Handler: mux}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		<-stop
		server.Shutdown(context.Background()) // hijacked WebSocket connections are not closed by Shutdown
		r.mu.Lock()
		all := make([]*member, 0, len(r.all))
		for m := range r.all {
			all = append(all, m)
		}
		r.mu.Unlock()
		for _, m := range all {
			m.close(closeFrame{code: websocket.CloseGoingAway, reason: "shutting down"})
		}
		time.Sleep(shutdownWait)
		os.Exit(0)
	}()
	if err := server.ListenAndServe(); err != http.ErrServerClosed {
		log.Fatal(err)
	}
}
