-- The same request every time: method and body from the environment, headers from wrk's -H.
local report = dofile(os.getenv('BENCH_WRK_LIB') .. '/report.lua')

wrk.method = os.getenv('BENCH_METHOD') or 'GET'
wrk.body = os.getenv('BENCH_BODY')

setup = report.setup
done = report.done()
