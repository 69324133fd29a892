// A self-signed certificate for 127.0.0.1, made once per bench run with openssl: the app runs in
// production mode, where webhook URLs must be https, so the alerts scenario's receiver is an
// https server with it and the app trusts it through NODE_EXTRA_CA_CERTS (bench/run.js).
const { execFileSync } = require('node:child_process');
const { existsSync, mkdtempSync, readFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

let made;

/** `{keyFile, certFile, key, cert}` of this process's certificate (made on the first call). */
function benchCertificate() {
  if (made) return made;
  const dir =
    process.env.BENCH_TLS_DIR && existsSync(join(process.env.BENCH_TLS_DIR, 'cert.pem'))
      ? process.env.BENCH_TLS_DIR
      : mkdtempSync(join(tmpdir(), 'fleet-bench-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  if (!existsSync(certFile)) {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
  }
  process.env.BENCH_TLS_DIR = dir;
  made = { keyFile, certFile, key: readFileSync(keyFile), cert: readFileSync(certFile) };
  return made;
}

module.exports = { benchCertificate };
