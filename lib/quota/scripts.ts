// The quota's Lua scripts. Each runs atomically on the slot of one API key (every key below
// shares its hash tag), so they work on a Redis Cluster. docs/decisions/0001-exact-quotas.md
// gives the argument for why no interleaving of replies admits past a limit.
//
// A key's day state is one hash, `<tag>:q:<day>`:
//   u   requests admitted today on this key's allowance (net of refunds)
//   a   units leased to it from Postgres today (reserve_quota); Redis admits only while u < a
//   o   the user's other use today (other keys, the Postgres path, units Redis lost), and
//   mo  the same for the month: only for the headers (used = o + u, mo + u)
//   f   "daily:monthly:window:settled:leased:at" when Postgres had nothing left to lease at
//       those limits: the key's leased units then, and how many of them were leased long enough
//       ago that their grants cannot still be on their way. An allowance below `leased` but not
//       below `settled` may be waiting for a grant: for a grace period after `at`, a request is
//       told to wait, not refused. Below `settled`, Redis lost units: the day is over.
//   l:* the leases already added, so that a grant sent twice adds once

// KEYS: record, day state, request ids of the id's bucket, the key's "exists" marker, journal.
// ARGV: request id, deadline (ms on Redis's clock), day, journal TTL, ids TTL, grace (ms),
// '1' to settle the request instead of admitting it.
// A request id admitted before gets the same answer without counting again (its first reply was
// lost, or the client sent it twice); one refunded since, or reaching Redis after its deadline,
// admits nothing, so a request its caller has given up on can never be admitted later.
// Settling an id not admitted marks it given up ('x'), whatever either clock says: every copy of
// the request still on its way then finds it seen and admits nothing. An id admitted before
// settles as admitted, with the key's figures; 'miss' when its record has left Redis since.
// An admitted id is stored as '1:<epoch>', the epoch of the journal its admission was written
// to, and every "ok" ends with that epoch: a request found admitted by a later send is counted
// in the batch that carries its journal entry. ('1' alone: admitted by an older script.)
// `was`: the admitting epoch ('' when not stored) of the request-id value `seen`, nil when the
// request is not admitted (never seen, given up 'x', refunded '0').
const ADMITTED_AS = "local was = seen == '1' and '' or (seen and string.match(seen, '^1:(%d+)$'))";

export const ADMIT_LUA = `
local seen = redis.call('HGET', KEYS[3], ARGV[1])
${ADMITTED_AS}
if ARGV[7] == '1' then
  if not was then
    if not seen then
      redis.call('HSET', KEYS[3], ARGV[1], 'x')
      redis.call('EXPIRE', KEYS[3], ARGV[5])
    end
    return {'late', 0}
  end
  -- Admitted, whatever the key's record says now (revoked since, or expired).
  local _, daily, monthly, id = string.match(redis.call('GET', KEYS[1]) or '', '^(%a+):(%d+):(%d+):([^:]+):%d+$')
  if not id then return {'miss', 1} end
  local s = redis.call('HMGET', KEYS[2], 'u', 'o', 'mo')
  local u = tonumber(s[1] or '0')
  return {'ok', id, daily, monthly, tonumber(s[2] or '0') + u, tonumber(s[3] or '0') + u, was}
end
local rec = redis.call('GET', KEYS[1])
if not rec then return {'miss', redis.call('EXISTS', KEYS[4])} end
if string.sub(rec, 1, 5) == 'none:' then return {'none'} end
local status, daily, monthly, id = string.match(rec, '^(%a+):(%d+):(%d+):([^:]+):%d+$')
if status ~= 'active' then return {status} end
local s = redis.call('HMGET', KEYS[2], 'u', 'a', 'o', 'mo', 'f')
local u = tonumber(s[1] or '0')
local a = tonumber(s[2] or '0')
local o = tonumber(s[3] or '0')
local mo = tonumber(s[4] or '0')
if was then return {'ok', id, daily, monthly, o + u, mo + u, was} end
if seen then return {'late', 0} end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if now > tonumber(ARGV[2]) then return {'late', now} end
if u < a then
  local epoch = string.match(KEYS[5], ':(%d+)$') or ''
  redis.call('HINCRBY', KEYS[2], 'u', 1)
  redis.call('HSET', KEYS[3], ARGV[1], epoch == '' and '1' or '1:' .. epoch)
  redis.call('EXPIRE', KEYS[3], ARGV[5])
  if redis.call('HINCRBY', KEYS[5], id .. '|' .. ARGV[3], 1) == 1 then redis.call('EXPIRE', KEYS[5], ARGV[4]) end
  return {'ok', id, daily, monthly, o + u + 1, mo + u + 1, epoch}
end
local limits = daily .. ':' .. monthly .. ':'
local f = s[5]
if f and string.sub(f, 1, #limits) == limits then
  local window, settled, leased, at = string.match(string.sub(f, #limits + 1), '^(%a+):(%d+):(%d+):(%d+)$')
  if at and a >= tonumber(settled) and a < tonumber(leased) and now - tonumber(at) < tonumber(ARGV[6]) then
    return {'wait'}
  end
  return {'deny', id, daily, monthly, o + u, mo + u, window or 'daily'}
end
return {'lease', id, daily, monthly, o + u, mo + u}
`;

// Adds a lease from Postgres to the allowance, once per lease id.
// KEYS: day state. ARGV: lease id, units, the user's day and month totals after the lease,
// the full marker ('' when Postgres granted all it was asked), TTL.
export const GRANT_LUA = `
if redis.call('HSETNX', KEYS[1], 'l:' .. ARGV[1], 1) == 0 then return 0 end
local a = redis.call('HINCRBY', KEYS[1], 'a', ARGV[2])
redis.call('HSET', KEYS[1], 'o', math.max(0, tonumber(ARGV[3]) - a), 'mo', math.max(0, tonumber(ARGV[4]) - a))
if ARGV[5] == '' then
  redis.call('HDEL', KEYS[1], 'f')
else
  local t = redis.call('TIME')
  redis.call('HSET', KEYS[1], 'f', ARGV[5] .. ':' .. (tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)))
end
redis.call('EXPIRE', KEYS[1], ARGV[6])
return 1
`;

// Gives back the unit of admitted request ARGV[1] after it failed or did no work, once however
// often it is sent. The journal of the current epoch records the -1, so a sweeper writing it for
// a dead process nets the refund out.
// KEYS: day state, request ids of the id's bucket, journal. ARGV: request id, journal field, TTL.
export const REFUND_LUA = `
local seen = redis.call('HGET', KEYS[2], ARGV[1])
${ADMITTED_AS}
if not was then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], '0')
local u = tonumber(redis.call('HGET', KEYS[1], 'u') or '0')
if u <= 0 then return 0 end
redis.call('HINCRBY', KEYS[1], 'u', -1)
redis.call('HINCRBY', KEYS[3], ARGV[2], -1)
redis.call('EXPIRE', KEYS[3], ARGV[3])
return 1
`;
