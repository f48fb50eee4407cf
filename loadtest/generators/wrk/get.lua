-- hello and static: the request is the URL's GET, sent by wrk's own fast path (no request() here).
dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "report.lua")
