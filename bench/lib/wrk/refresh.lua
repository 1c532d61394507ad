-- refreshJWT as browser tabs send it, with rotating tokens (docs/decisions/0029): a token refreshes once,
-- and its session's next refresh must send the token that answer gave. One session per connection: wrk
-- does not say which connection an answer came on, so each thread keeps a pool of the tokens not in
-- flight; a request takes one, its answer puts the new one back. A connection has one request in flight at
-- a time, so a thread with as many sessions as connections never runs out while every refresh succeeds.
-- The tokens come from BENCH_TOKENS (space-separated), dealt to the BENCH_THREADS threads in turn, one
-- more than the connections: wrk builds one request before the run to check the script, and that token is
-- never sent. The other headers (cookie, XSRF, content type) come from wrk's -H.
local report = dofile(os.getenv('BENCH_WRK_LIB') .. '/report.lua')

wrk.method = 'POST'
wrk.body = '{}'
refreshed = 0
starved = 0
local pool = {}
-- What a starved request sends: no token of any session, so it is refused without ending one.
local NO_TOKEN = 'starved'

init = function()
  local threads = tonumber(os.getenv('BENCH_THREADS') or '1')
  local i = 0
  for token in assert(os.getenv('BENCH_TOKENS'), 'BENCH_TOKENS not set'):gmatch('%S+') do
    if i % threads == thread_index then pool[#pool + 1] = token end
    i = i + 1
  end
end

request = function()
  local token = table.remove(pool)
  if not token then
    -- A refresh failed and its session's token was lost: this request is refused, and counted.
    starved = starved + 1
    token = NO_TOKEN
  end
  wrk.headers['authorization'] = 'Bearer ' .. token
  return wrk.format()
end

response = function(status, _, body)
  if status == 200 then
    local newer = body:match('"token"%s*:%s*"([^"]+)"')
    if newer then
      pool[#pool + 1] = newer
      refreshed = refreshed + 1
    end
  end
end

setup = report.setup
done = report.done({ 'refreshed', 'starved' })
