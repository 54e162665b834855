// Slurm job arrays for a batch: the sbatch script, submission and the merged status.
#include "batch/slurm.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "batch/manifest.h"
#include "batch/runner.h"

namespace regolith::batch {
namespace {

namespace fs = std::filesystem;

// 'text' for bash, with embedded single quotes escaped.
std::string shellQuote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

bool onPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string d; std::getline(dirs, d, ':');)
    if (!d.empty() && access((fs::path(d) / name).c_str(), X_OK) == 0) return true;
  return false;
}

}  // namespace

bool commandOutput(const std::vector<std::string>& args, std::string& output) {
  if (args.empty() || !onPath(args[0])) return false;
  int pipeFds[2];
  if (pipe(pipeFds) != 0) return false;
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) return false;
  if (pid == 0) {
    dup2(pipeFds[1], 1);
    close(pipeFds[0]);
    close(pipeFds[1]);
    const int null = open("/dev/null", O_WRONLY);  // "accounting storage is disabled" etc.
    if (null >= 0) dup2(null, 2);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  close(pipeFds[1]);
  output.clear();
  char buffer[4096];
  for (ssize_t n; (n = read(pipeFds[0], buffer, sizeof buffer)) > 0;) output.append(buffer, std::size_t(n));
  close(pipeFds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

std::string slurmScript(const std::string& dir, const std::vector<std::string>& runIds, const SlurmOptions& o) {
  const std::string absDir = fs::absolute(dir).lexically_normal().string();
  const std::string exe = o.exe.empty() ? selfExecutable() : o.exe;
  std::ostringstream s;
  s << "#!/bin/bash\n"
    << "# Written by `regolith batch slurm " << dir << "` (docs/batch.md): one array task per\n"
    << "# unfinished run. A task that nears its time limit gets SIGUSR1, forwards SIGTERM to\n"
    << "# regolith (which writes a checkpoint and exits 143) and requeues itself; the requeued\n"
    << "# task resumes the run from its checkpoint.\n"
    << "#SBATCH --job-name=regolith-batch\n"
    << "#SBATCH --array=0-" << (runIds.empty() ? 0 : runIds.size() - 1)
    << (o.throttle > 0 ? "%" + std::to_string(o.throttle) : "") << "\n"
    << "#SBATCH --requeue\n"
    << "#SBATCH --open-mode=append\n"
    << "#SBATCH --signal=B:USR1@" << o.signalLead << "\n"
    << "#SBATCH --time=" << o.time << "\n"
    << "#SBATCH --output=" << absDir << "/slurm-%A_%a.out\n";
  if (!o.partition.empty()) s << "#SBATCH --partition=" << o.partition << "\n";
  if (!o.gres.empty()) s << "#SBATCH --gres=" << o.gres << "\n";
  s << "\nset -u\n"
    << "REGOLITH=" << shellQuote(exe) << "\n"
    << "BATCH=" << shellQuote(absDir) << "\n"
    << "RUNS=(";
  for (const std::string& id : runIds) s << ' ' << id;
  s << " )\n"
    << "RUN=${RUNS[$SLURM_ARRAY_TASK_ID]}\n"
    << "DIR=\"$BATCH/$RUN\"\n"
    << "if [ -f \"$DIR/metrics.json\" ]; then echo \"$RUN: already finished\"; exit 0; fi\n"
    << "THREADS=" << (o.threads > 0 ? std::to_string(o.threads) : "${SLURM_CPUS_PER_TASK:-0}") << "\n"
    << "ARGS=(run \"$DIR/scene.json\" --out \"$DIR\" --quiet --threads \"$THREADS\")\n"
    << "if [ -f \"$DIR/checkpoint.h5\" ]; then ARGS+=(--resume)\n"
    << "elif [ -f \"$DIR/run.h5\" ]; then ARGS+=(--overwrite); fi\n"
    << "echo \"== $(date -Is) task ${SLURM_ARRAY_JOB_ID:-}_${SLURM_ARRAY_TASK_ID} restart ${SLURM_RESTART_COUNT:-0}: "
       "regolith ${ARGS[*]}\" >> \"$DIR/log.txt\"\n"
    << "STOPPING=0\n"
    << "stop() { STOPPING=1; kill -TERM \"$CHILD\" 2>/dev/null; }\n"
    << "trap stop USR1 TERM INT\n"
    << "\"$REGOLITH\" \"${ARGS[@]}\" >> \"$DIR/log.txt\" 2>&1 &\n"
    << "CHILD=$!\n"
    << "# wait returns early when a trapped signal arrives: wait again for the checkpoint.\n"
    << "while true; do wait \"$CHILD\"; RC=$?; kill -0 \"$CHILD\" 2>/dev/null || break; done\n"
    << "echo \"$RC\" > \"$DIR/exit_code\"\n"
    << "if [ \"$RC\" -eq 143 ] || [ \"$RC\" -eq 130 ] || [ \"$STOPPING\" -eq 1 ]; then\n"
    << "  echo \"$RUN: checkpointed (exit $RC); requeueing\"\n"
    << "  scontrol requeue \"${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}\"\n"
    << "  exit 0\n"
    << "fi\n"
    << "if [ \"$RC\" -ne 0 ]; then echo \"$RUN: failed (exit $RC)\"; exit \"$RC\"; fi\n"
    << "\"$REGOLITH\" metrics \"$DIR\" >> \"$DIR/log.txt\" 2>&1\n"
    << "RC=$?\n"
    << "echo \"$RC\" > \"$DIR/exit_code\"\n"
    << "exit \"$RC\"\n";
  return s.str();
}

bool refreshFromRunFolders(const std::string& dir, Manifest& m) {
  bool changed = false;
  for (ManifestRun& r : m.runs) {
    if (r.status == kFinished) continue;
    const fs::path d = fs::path(dir) / r.id;
    std::ifstream codeFile(d / "exit_code");
    int code = 0;
    const bool hasCode = static_cast<bool>(codeFile >> code);
    if (r.pid != 0 && r.status == kRunning && kill(pid_t(r.pid), 0) == 0) continue;  // a local runner's child
    if ((m.hasStudy && fs::exists(d / "metrics.json")) || (!m.hasStudy && hasCode && code == 0)) {
      r.status = kFinished;
      r.result = r.id + (m.hasStudy ? "/metrics.json" : "/run.h5");
      r.exitCode = 0;
      changed = true;
    } else if (hasCode && code != 0 && code != 130 && code != 143 && r.status != kFailed) {
      r.status = kFailed;
      r.exitCode = code;
      r.logTail = fileTail((d / "log.txt").string(), 20);
      changed = true;
    }
  }
  return changed;
}

std::vector<std::string> unfinishedRuns(const Manifest& m) {
  std::vector<std::string> ids;
  for (const ManifestRun& r : m.runs)
    if (r.status != kFinished) ids.push_back(r.id);
  return ids;
}

std::string writeSlurmScript(const std::string& dir, const std::vector<std::string>& runIds, const SlurmOptions& o) {
  const std::string script = (fs::path(dir) / "batch.sbatch").string();
  writeFileAtomically(script, slurmScript(dir, runIds, o));
  chmod(script.c_str(), 0755);
  return script;
}

std::string submitSlurmScript(const std::string& script) {
  std::string answer;
  if (!commandOutput({"sbatch", "--parsable", script}, answer)) return "";
  return answer.substr(0, answer.find_first_of(";\n"));
}

SlurmTasks slurmTasks(const std::string& dir, const std::string& job) {
  SlurmTasks tasks;
  {
    std::ifstream script(fs::path(dir) / "batch.sbatch");
    for (std::string line; std::getline(script, line);)
      if (line.rfind("RUNS=(", 0) == 0) {
        std::stringstream words(line.substr(6));
        for (std::string w; words >> w && w != ")";) tasks.runs.push_back(w);
      }
  }
  if (job.empty()) return tasks;
  std::string text;
  if (commandOutput({"sacct", "-n", "-P", "-X", "-j", job, "-o", "JobID,State,ExitCode"}, text)) {
    std::stringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      const std::size_t u = line.find('_'), bar = line.find('|');
      if (u == std::string::npos || bar == std::string::npos || u > bar) continue;
      tasks.state[line.substr(u + 1, bar - u - 1)] = line.substr(bar + 1);
    }
  }
  if (commandOutput({"squeue", "-h", "-r", "-j", job, "-o", "%K|%T"}, text)) {
    std::stringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      const std::size_t bar = line.find('|');
      if (bar != std::string::npos) tasks.state[line.substr(0, bar)] = line.substr(bar + 1);
    }
  }
  return tasks;
}

}  // namespace regolith::batch
