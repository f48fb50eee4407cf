-- bookings: POST /bookings cycling through the seeded corpus (the Lua file named after "--", written by
-- loadtest/generators/corpus.mjs: protobuf bodies and, one in ten, the same booking as proto3 JSON, each with its
-- Content-Type). Every response's status is counted: the bench checks the table holds a row per 201.
dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "report.lua")

local requests, next = {}, 1
statuses = {}

function init(args)
  for _, entry in ipairs(dofile(args[1])) do
    table.insert(requests, wrk.format("POST", "/bookings", { ["Content-Type"] = entry[1] }, entry[2]))
  end
  -- Threads start at different points of the corpus, as JMeter's shared CSV reader spreads its users.
  next = (id or 0) * 97 % #requests + 1
end

function request()
  local r = requests[next]
  next = next % #requests + 1
  return r
end

function response(status)
  statuses[status] = (statuses[status] or 0) + 1
end
