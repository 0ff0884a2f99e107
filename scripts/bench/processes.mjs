// Child processes and temporary data of a bench run: free ports, start and stop, memory, and a
// clean-up that runs on a normal exit, on an error and on Ctrl-C.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

const cleanups = [];

/** Registers work to undo when the bench ends (newest first); returns a function doing it now instead. */
export function onCleanup(task) {
  cleanups.push(task);
  return async () => {
    const index = cleanups.indexOf(task);
    if (index === -1) return;
    cleanups.splice(index, 1);
    await task();
  };
}

export async function cleanUp() {
  while (cleanups.length) {
    const task = cleanups.pop();
    try {
      await task();
    } catch (error) {
      console.error(`clean-up: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    console.error(`\n${signal}: stopping the servers and removing the bench data`);
    await cleanUp();
    process.exit(130);
  });
}

/** A port nobody listens on now, chosen by the kernel. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function waitUntilUp(url, child) {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** Starts a Node script (with Node flags, if given); `child.stopNow()` stops it, and clean-up does if nobody did. */
export function startNode(script, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.stopNow = onCleanup(() => stop(child));
  return child;
}

/** SIGTERM, then SIGKILL if the process has not exited within 10 s. */
export function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Resident memory of a process in MB. */
export function rssMb(pid) {
  return residentMemory(pid).rssMb;
}

/**
 * A process's resident memory from /proc, in MB: all of it, and split into anonymous memory (the
 * JS heap, malloc's arenas, stacks) and pages of files mapped in (the node binary, libraries).
 */
export function residentMemory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rssMb: field('VmRSS'), anonMb: field('RssAnon'), fileMb: field('RssFile') + field('RssShmem') };
}

/** CPU time a process has used so far (user + system), in milliseconds. */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
