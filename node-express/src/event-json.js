'use strict';

const { HttpError } = require('./errors');
const { parseJson } = require('./body');

// Strict JSON in, canonical JSON out (spec/API.md §5). The typed Event: field order is the canonical output
// order, since the response is JSON.stringify of these objects, never of the request, so unknown properties
// are dropped and escaping is ECMAScript's (= RFC 8785).
class Stadium {
  constructor(name) {
    this.name = name;
  }
}

class Team {
  constructor(name, country, stadium) {
    this.name = name;
    this.country = country;
    this.stadium = stadium;
  }
}

class Event {
  constructor(eventName, teams) {
    this.eventName = eventName;
    this.teams = teams;
  }
}

// Maps parsed JSON onto Event, Team and Stadium; any missing, null or mistyped field → 400.
function toEvent(json) {
  const event = object(json, 'the body');
  const teams = event.teams;
  if (!Array.isArray(teams)) throw invalid('teams must be an array');
  return new Event(
    string(event, 'eventName', 'eventName'),
    teams.map((value, i) => toTeam(value, `teams[${i}]`)),
  );
}

function toTeam(json, where) {
  const team = object(json, where);
  const stadium = object(team.stadium, `${where}.stadium`);
  return new Team(
    string(team, 'name', `${where}.name`),
    string(team, 'country', `${where}.country`),
    new Stadium(string(stadium, 'name', `${where}.stadium.name`)),
  );
}

function object(value, where) {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(`${where} must be an object`);
  return value;
}

// A JSON escape may produce a lone surrogate, which has no UTF-8 encoding to echo: reject it.
function string(json, key, where) {
  const value = json[key];
  if (typeof value !== 'string') throw invalid(`${where} must be a string`);
  if (!value.isWellFormed()) throw invalid(`${where} contains a lone surrogate`);
  return value;
}

function invalid(message) {
  return new HttpError(400, `Invalid event: ${message}`);
}

// Raw body bytes → Event, or an HttpError(400): strict JSON in (body.js), then the mapping above.
function readEvent(body) {
  return toEvent(parseJson(body));
}

module.exports = { readEvent, Event, Team, Stadium };
