import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { addressProblem, allowedNetworks, embeddedIpv4, guardedLookup, resolveChecked, urlProblem } from './network-guard';

const none = allowedNetworks([]);
const loopback = allowedNetworks(['127.0.0.0/8', '::1/128']);
const rules = { requireHttps: false, allowed: none };

describe('network guard', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.255.1.2:8080/x',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://100.64.0.1/', // CGNAT
    'http://169.254.169.254/latest/meta-data/', // cloud metadata
    'http://0.0.0.0/',
    'http://[::]/',
    'http://[::1]/',
    'http://[fd00:ec2::254]/', // EC2 metadata over IPv6
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://[::ffff:127.0.0.1]/', // IPv4-mapped
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:a9fe:a9fe]/', // the same, in hexadecimal
    'http://[0:0:0:0:0:ffff:10.1.2.3]/',
    'http://[::127.0.0.1]/', // IPv4-compatible
    'http://[::10.0.0.1]/',
    'http://[64:ff9b::7f00:1]/', // NAT64
    'http://2130706433/', // decimal 127.0.0.1
    'http://0x7f000001/', // hex
    'http://0177.0.0.1/', // octal
    'http://127.1/', // short form
    'http://0xa9.0xfe.0xa9.0xfe/', // hex octets: 169.254.169.254
    'http://224.0.0.1/',
    'http://255.255.255.255/',
  ])('refuses %s', (url) => {
    expect(urlProblem(url, rules)).toMatch(/private, loopback, link-local or reserved/);
  });

  it.each([
    'https://hooks.example.com/in',
    'http://8.8.8.8/',
    'https://[2606:4700:4700::1111]/',
    'http://1.1.1.1:8443/a?b=c',
    'http://[::ffff:8.8.8.8]/', // judged as the IPv4 address it carries
    'http://[::8.8.8.8]/',
  ])('lets %s through', (url) => {
    expect(urlProblem(url, rules)).toBeNull();
  });

  it('asks for https in production, and refuses other schemes and credentials everywhere', () => {
    expect(urlProblem('http://hooks.example.com/', { ...rules, requireHttps: true })).toBe('url must be https');
    expect(urlProblem('https://hooks.example.com/', { ...rules, requireHttps: true })).toBeNull();
    expect(urlProblem('ftp://hooks.example.com/', rules)).toBe('url must be an http(s) URL');
    expect(urlProblem('file:///etc/passwd', rules)).toBe('url must be an http(s) URL');
    expect(urlProblem('https://user:pw@hooks.example.com/', rules)).toBe('url may not carry credentials');
    expect(urlProblem('not a url', rules)).toBe('url must be an absolute http(s) URL');
  });

  it('lets the allowed networks through, and only them', () => {
    expect(urlProblem('http://127.0.0.1:3000/', { ...rules, allowed: loopback })).toBeNull();
    expect(urlProblem('http://[::1]:3000/', { ...rules, allowed: loopback })).toBeNull();
    expect(urlProblem('http://169.254.169.254/', { ...rules, allowed: loopback })).not.toBeNull();
    expect(urlProblem('http://10.0.0.1/', { ...rules, allowed: loopback })).not.toBeNull();
    // An IPv4-mapped or -compatible address is inside the allowed networks exactly when its IPv4 address is.
    expect(urlProblem('http://[::ffff:127.0.0.1]:3000/', { ...rules, allowed: loopback })).toBeNull();
    expect(urlProblem('http://[::127.0.0.1]:3000/', { ...rules, allowed: loopback })).toBeNull();
    expect(urlProblem('http://[::ffff:169.254.169.254]/', { ...rules, allowed: loopback })).toBe(
      '::ffff:a9fe:a9fe (169.254.169.254) is a private, loopback, link-local or reserved address',
    );
    const office = allowedNetworks(['10.20.0.0/16']);
    expect(addressProblem('10.20.3.4', office)).toBeNull();
    expect(addressProblem('10.21.3.4', office)).not.toBeNull();
    expect(() => allowedNetworks(['10.0.0.0/33'])).toThrow('Not a CIDR: 10.0.0.0/33');
    expect(() => allowedNetworks(['example.com/8'])).toThrow('Not a CIDR');
  });

  it('refuses a name when any address it resolves to is refused', async () => {
    const answers: Record<string, string[]> = {
      'public.test': ['93.184.216.34'],
      'mixed.test': ['93.184.216.34', '10.0.0.5'],
      'meta.test': ['169.254.169.254'],
    };
    const resolver = async (host: string) => (answers[host] ?? []).map((address) => ({ address, family: 4 }));
    await expect(resolveChecked('public.test', none, resolver)).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
    await expect(resolveChecked('mixed.test', none, resolver)).rejects.toThrow('mixed.test resolves to 10.0.0.5, a private');
    await expect(resolveChecked('meta.test', none, resolver)).rejects.toThrow('169.254.169.254');
    await expect(resolveChecked('nothing.test', none, resolver)).rejects.toThrow('does not resolve');
    const mapped = async () => [{ address: '::ffff:127.0.0.1', family: 6 }];
    await expect(resolveChecked('mapped.test', none, mapped)).rejects.toThrow('mapped.test resolves to ::ffff:127.0.0.1, a private');
    await expect(resolveChecked('mapped.test', loopback, mapped)).resolves.toEqual([{ address: '::ffff:127.0.0.1', family: 6 }]);
    // The system resolver: localhost is loopback.
    await expect(resolveChecked('localhost', none)).rejects.toThrow(/localhost resolves to/);
  });

  it('finds the IPv4 address of mapped and compatible forms only', () => {
    expect(embeddedIpv4('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('0:0:0:0:0:ffff:c0a8:101')).toBe('192.168.1.1');
    expect(embeddedIpv4('::127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::2')).toBe('0.0.0.2');
    for (const other of ['::', '::1', '64:ff9b::7f00:1', '2002:7f00:1::', '1::ffff:7f00:1', 'fe80::1'])
      expect([other, embeddedIpv4(other)]).toEqual([other, null]);
  });

  it('hands a socket only the address it checked', async () => {
    const server = createServer((_req, res) => res.end('reached')).listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    const { port } = server.address() as AddressInfo;
    const call = (lookup: ReturnType<typeof guardedLookup>) =>
      new Promise<string>((done, fail) => {
        request({ host: 'rebind.test', port, path: '/', lookup: lookup as never }, (res) => {
          res.setEncoding('utf8');
          let body = '';
          res.on('data', (chunk) => (body += chunk)).on('end', () => done(body));
        })
          .on('error', fail)
          .end();
      });
    const resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    await expect(call(guardedLookup(none, resolver))).rejects.toThrow('rebind.test resolves to 127.0.0.1');
    await expect(call(guardedLookup(loopback, resolver))).resolves.toBe('reached');
    server.close();
  });
});
