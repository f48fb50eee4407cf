'use strict';

// The primary's side of the cluster-wide chat: which worker holds each name, and which workers have
// members in each room. Pure data, no IPC: primary.js feeds it the workers' messages and routes by it.
// An "owner" is any key identifying a worker (primary.js uses worker.id).
class Registry {
  constructor() {
    this.names = new Map(); // name → owner
    this.rooms = new Map(); // room → Set of owners with at least one member in it
    this.owned = new Map(); // owner → { names: Set, rooms: Set }, to free everything when a worker dies
  }

  entry(owner) {
    let entry = this.owned.get(owner);
    if (!entry) this.owned.set(owner, (entry = { names: new Set(), rooms: new Set() }));
    return entry;
  }

  // True if the name was free and now belongs to owner.
  claim(owner, name) {
    if (this.names.has(name)) return false;
    this.names.set(name, owner);
    this.entry(owner).names.add(name);
    return true;
  }

  // Only the owner can release a name (a late release from a worker that no longer holds it is ignored).
  release(owner, name) {
    if (this.names.get(name) !== owner) return;
    this.names.delete(name);
    this.owned.get(owner)?.names.delete(name);
  }

  join(owner, room) {
    let owners = this.rooms.get(room);
    if (!owners) this.rooms.set(room, (owners = new Set()));
    owners.add(owner);
    this.entry(owner).rooms.add(room);
  }

  leave(owner, room) {
    const owners = this.rooms.get(room);
    if (owners) {
      owners.delete(owner);
      if (owners.size === 0) this.rooms.delete(room);
    }
    this.owned.get(owner)?.rooms.delete(room);
  }

  // The owners with members in room, each once. A frame published there goes to all of them but the
  // publisher, which has delivered it to its own members already (cluster-rooms.js).
  route(room) {
    return this.rooms.get(room) ?? EMPTY;
  }

  // A worker died: its names are free again and it is in no room.
  drop(owner) {
    const entry = this.owned.get(owner);
    if (!entry) return;
    for (const name of entry.names) if (this.names.get(name) === owner) this.names.delete(name);
    for (const room of entry.rooms) this.leave(owner, room);
    this.owned.delete(owner);
  }
}

const EMPTY = new Set();

module.exports = { Registry };
