-- Replays prepared requests, a different one on every request (so a different user or session each time).
-- BENCH_REQUESTS names a file with one request per line, TAB-separated: method, path, headers, body;
-- headers are "name: value" pairs separated by the unit separator (\31). Lines are used round-robin.
local file_name = os.getenv("BENCH_REQUESTS")
local requests = {}
local counter = 0
local step = 1
local thread_ids = 0

function setup(thread)
  thread:set("thread_id", thread_ids)
  thread_ids = thread_ids + 1
end

function init(args)
  for line in io.lines(file_name) do
    local method, path, headers, body = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t(.*)$")
    if method then
      local h = {}
      for pair in headers:gmatch("[^\31]+") do
        local name, value = pair:match("^([^:]+):%s*(.*)$")
        if name then h[name] = value end
      end
      if body == "" then body = nil end
      requests[#requests + 1] = wrk.format(method, path, h, body)
    end
  end
  -- Threads take interleaved lines so no two threads send the same request at the same moment.
  counter = thread_id or 0
  step = tonumber(os.getenv("BENCH_THREADS") or "1")
end

function request()
  local r = requests[(counter % #requests) + 1]
  counter = counter + step
  return r
end

function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"status_errors":%d,"socket_errors":%d,"p50_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
