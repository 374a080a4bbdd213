// `npm test`'s first step: the type check, the linter, Prettier's check and the build, side by
// side (on two cores they took about three minutes one after another). Each one's output is
// printed whole when it ends, so the lines of two never mix; the step fails if any of them does.
import { spawn } from 'node:child_process';

const SCRIPTS = ['typecheck', 'lint', 'format:check', 'build'];

function run(script: string): Promise<{ script: string; code: number; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) =>
      resolve({ script, code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const results = await Promise.all(
  SCRIPTS.map((script) =>
    run(script).then((result) => {
      console.log(
        `--- ${script}: ${result.code === 0 ? 'ok' : `failed (${result.code})`}, ${result.seconds.toFixed(0)} s`,
      );
      if (result.output.trim()) console.log(result.output.trimEnd());
      return result;
    }),
  ),
);
if (results.some((result) => result.code !== 0)) process.exit(1);
