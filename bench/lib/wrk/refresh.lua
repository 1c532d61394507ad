-- refreshJWT with token chaining: each request sends the newest token a refresh answered. wrk gives each
-- thread its own Lua state and does not say which connection an answer came on, so the chain is per
-- thread: the newest token any of the thread's connections got. The first token comes from BENCH_TOKEN;
-- the other headers (cookie, XSRF, content type) from wrk's -H.
local report = dofile(os.getenv('BENCH_WRK_LIB') .. '/report.lua')

local token = assert(os.getenv('BENCH_TOKEN'), 'BENCH_TOKEN not set')
wrk.method = 'POST'
wrk.body = '{}'
refreshed = 0

request = function()
  wrk.headers['authorization'] = 'Bearer ' .. token
  return wrk.format()
end

response = function(status, _, body)
  if status == 200 then
    local newer = body:match('"token"%s*:%s*"([^"]+)"')
    if newer then
      token = newer
      refreshed = refreshed + 1
    end
  end
end

setup = report.setup
done = report.done({ 'refreshed' })
