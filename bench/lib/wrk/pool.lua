-- Every request a body of its own from a pool made before the run (a file, one body per line): the server
-- refuses a replayed encrypted body. Thread t of T sends the bodies BENCH_POOL_START + t, + t + T, …;
-- past the end of the pool it starts again from the first (counted as exhausted: those are replays).
-- Records the first answers with the newest pool index sent before each, so the bench can open them with
-- their keys (wrk does not say which connection, so which request, an answer belongs to).
local report = dofile(os.getenv('BENCH_WRK_LIB') .. '/report.lua')

local RECORD = tonumber(os.getenv('BENCH_RECORD') or '20')
local pool = {}
local step = tonumber(os.getenv('BENCH_THREADS') or '1')
local index

wrk.method = 'POST'
sent = 0
exhausted = 0
-- Pool index of the newest request sent (-1: none yet).
last = -1
first = -1
local answers = {}
-- As JSON text: wrk's thread:get() cannot hand over a table of tables (it crashes).
answers_json = '[]'

init = function()
  local file = assert(os.getenv('BENCH_POOL'), 'BENCH_POOL not set')
  for line in io.lines(file) do
    pool[#pool + 1] = line
  end
  index = tonumber(os.getenv('BENCH_POOL_START') or '0') + thread_index
  first = index
end

request = function()
  if index >= #pool then
    exhausted = exhausted + 1
  end
  last = index
  sent = sent + 1
  index = index + step
  return wrk.format(nil, nil, nil, pool[(last % #pool) + 1])
end

response = function(status, _, body)
  if #answers < RECORD then
    answers[#answers + 1] = { status = status, newest = last, body = body }
    answers_json = report.encode(answers)
  end
end

setup = report.setup
done = report.done({ 'sent', 'exhausted', 'first', 'last', 'answers_json' })
