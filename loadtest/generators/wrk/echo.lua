-- echo: POST /event with the write-up's payload (the file named after "--"), the same bytes every time.
dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "report.lua")

function init(args)
  local file = assert(io.open(args[1], "rb"))
  wrk.method = "POST"
  wrk.body = file:read("*a")
  wrk.headers["Content-Type"] = "application/json"
  file:close()
end
