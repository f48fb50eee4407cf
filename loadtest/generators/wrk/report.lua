-- Shared by every bench script: done() prints one line, "WRK_RESULT " + JSON, that loadtest/generators/wrk.mjs reads
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
    if #value > 0 then
      for _, v in ipairs(value) do table.insert(parts, json(v)) end
      return "[" .. table.concat(parts, ",") .. "]"
    end
    for k, v in pairs(value) do
      table.insert(parts, string.format("%q:%s", tostring(k), json(v)))
    end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  if type(value) == "number" and (value ~= value or value == math.huge or value == -math.huge) then return "null" end
  return tostring(value)
end

-- With WRK_QUANTILES=1 (set by the bench when wrk runs on several load hosts at once): the latency at a grid of
-- percentiles, finer towards the tail, from which loadtest/generators/wrk.mjs merges the hosts' distributions. wrk 4.1's Lua
-- reads percentiles only, not its histogram's buckets. Grid steps in ten-thousandths of a percent.
local GRID = { { 0, 900000, 5000 }, { 900000, 990000, 1000 }, { 990000, 999000, 100 }, { 999000, 999900, 10 },
  { 999900, 1000000, 5 } }

function quantiles(latency)
  local list, last = {}, -1
  for _, range in ipairs(GRID) do
    for q = range[1], range[2], range[3] do
      if q > last then
        -- wrk's percentile(100) is 0 (its rank rounds past the count): the top is the max.
        table.insert(list, { q / 10000, q == 1000000 and latency.max or latency:percentile(q / 10000) })
        last = q
      end
    end
  end
  return list
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
  if os.getenv("WRK_QUANTILES") == "1" then result.latencyUs.quantiles = quantiles(latency) end
  io.write("WRK_RESULT ", json(result), "\n")
end
