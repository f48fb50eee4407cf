import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allowedAddress } from '../runtimes/compose/addresses.mjs';

test('a test network may use 127.0.0.0/8 and 198.18.0.0/15 (and IPv6 link-local), nothing else', () => {
  for (const address of ['127.0.0.1', '127.255.255.254', '198.18.0.1', '198.18.128.1/24', '198.19.255.254', 'fe80::42:1/64', '::1']) {
    assert.ok(allowedAddress(address), address);
  }
  // Docker's defaults, the private ranges, the host's uplink here, the neighbours of the benchmark range.
  for (const address of ['172.17.0.1', '172.18.0.0/16', '10.0.0.1', '192.168.1.1', '192.0.2.2/24', '198.17.255.255',
    '198.20.0.0', 'fd00::2/64', '2001:db8::1']) {
    assert.ok(!allowedAddress(address), address);
  }
});
