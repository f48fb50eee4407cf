-- Shared by every bench script: done() prints one line, "WRK_RESULT " + JSON, that loadtest/wrk.mjs reads
-- (wrk's own text summary is for people). Latencies are wrk's, in microseconds; statuses are counted only by
-- scripts that define response() (it costs generator CPU: loadtest/README.md gives the figure).
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads - 1)
end

local function json(value)
  if type(value) == "table" then
    local parts = {}
    for k, v in pairs(value) do
      table.insert(parts, string.format("%q:%s", tostring(k), json(v)))
    end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  if type(value) == "number" and (value ~= value or value == math.huge or value == -math.huge) then return "null" end
  return tostring(value)
end

function done(summary, latency, requests)
  local statuses, counted = {}, false
  for _, thread in ipairs(threads) do
    local counts = thread:get("statuses")
    if counts then
      counted = true
      for code, n in pairs(counts) do statuses[code] = (statuses[code] or 0) + n end
    end
  end
  local percentiles = {}
  for _, p in ipairs({ 50, 90, 99, 99.9 }) do percentiles["p" .. p] = latency:percentile(p) end
  local result = {
    durationUs = summary.duration, requests = summary.requests, bytes = summary.bytes,
    errors = summary.errors,
    latencyUs = { min = latency.min, max = latency.max, mean = latency.mean, stdev = latency.stdev,
      percentiles = percentiles },
  }
  if counted then result.statuses = statuses end
  io.write("WRK_RESULT ", json(result), "\n")
end
