import fs from "node:fs";

/** Whether a process of this machine still runs (for files and leases a crashed process left). */
export function isProcessAlive(pid: number): boolean {
  try {
    // Signal 0 checks that the process exists without touching it.
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A killed process nobody has reaped yet (a zombie, common in containers) still answers signal 0.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    // No /proc (not Linux), or the process has just gone.
    return !fs.existsSync("/proc/self");
  }
}
