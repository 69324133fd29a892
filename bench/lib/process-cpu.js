const { readFileSync } = require('node:fs');

/** CPU time (user + system) of a process so far, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

module.exports = { cpuMs };
