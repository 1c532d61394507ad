-- Shared by the bench's wrk scripts (bench/lib/wrk.ts): numbers each thread, and after the run writes the
-- figures, with the named globals of every thread's Lua state, as one JSON object to $BENCH_WRK_OUT.
-- setup() and done() run in wrk's main Lua state, which sees no request: each thread has its own state.
local report = {}
local threads = {}

function report.setup(thread)
  thread:set('thread_index', #threads)
  threads[#threads + 1] = thread
end

local function encode(value)
  local kind = type(value)
  if kind == 'nil' then
    return 'null'
  elseif kind == 'boolean' then
    return tostring(value)
  elseif kind == 'number' then
    return string.format('%.17g', value)
  elseif kind == 'string' then
    return '"' .. value:gsub('[%c"\\]', function(c)
      return string.format('\\u%04x', c:byte())
    end) .. '"'
  end
  local parts = {}
  if #value > 0 or next(value) == nil then
    for i = 1, #value do
      parts[i] = encode(value[i])
    end
    return '[' .. table.concat(parts, ',') .. ']'
  end
  for k, v in pairs(value) do
    parts[#parts + 1] = encode(tostring(k)) .. ':' .. encode(v)
  end
  return '{' .. table.concat(parts, ',') .. '}'
end

report.encode = encode

-- A done() that also reports these globals of each thread's state: numbers or strings only (wrk's
-- thread:get() corrupts the stack on a table that holds tables).
function report.done(names)
  return function(summary, latency)
    local e = summary.errors
    local perThread = {}
    for i, thread in ipairs(threads) do
      local values = {}
      for _, name in ipairs(names or {}) do
        values[name] = thread:get(name)
      end
      perThread[i] = values
    end
    local file = assert(os.getenv('BENCH_WRK_OUT'), 'BENCH_WRK_OUT not set')
    local out = assert(io.open(file, 'w'))
    out:write(encode({
      requests = summary.requests,
      durationUs = summary.duration,
      -- Socket errors (connect, read, write) and time-outs; status counts answers of 400 and above.
      errors = e.connect + e.read + e.write + e.timeout,
      status = e.status,
      p50Us = latency:percentile(50),
      p99Us = latency:percentile(99),
      maxUs = latency.max,
      threads = perThread,
    }))
    out:close()
  end
end

return report
