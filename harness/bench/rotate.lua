-- wrk script: cycles through the request paths in a file (args[1]), with an API key (args[2]).
local paths = {}
local i = 0

function init(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  if args[2] and args[2] ~= "" then
    wrk.headers["X-API-Key"] = args[2]
  else
    -- Keyless runs stand for the site's own pages, which /api/jobs answers alone.
    wrk.headers["Sec-Fetch-Site"] = "same-origin"
  end
end

function request()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
