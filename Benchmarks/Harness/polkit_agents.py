"""polkit authentication agents side by side, under Debian's real polkitd started as the agent
tests start it (Tests/EndToEnd/polkit_system.py: system bus, polkitd, a scratch user, a test
policy): `entrykit polkit-agent`, and Debian's mate-polkit and lxpolkit.

A resident agent runs all day, so what counts is what it costs while it waits and whether that
grows: each agent's memory (RSS, PSS) and CPU time over IDLE_S seconds of waiting once it has
registered, after the first authentication (which loads what every later dialog uses) and after
ROUNDS of them, and the time from `pkcheck` asking to the first
frame of the agent's dialog (startup.FirstFrame, counting the agent's windows). Each round, every
agent in turn is asked (pkcheck --allow-user-interaction on a process of its own), its window is
given the keyboard and the user's password is typed into it, as a person types it (xdotool), and
pkcheck must say authorized (0).

mate-polkit and lxpolkit register only for their login session, which no process has without
logind (mate-polkit exits: "Unable to determine the session we are in"; lxpolkit stays up,
unregistered). The benchmark preloads Benchmarks/PolkitSubject/process-subject.c into them, which
answers their session lookup with a process subject, as `entrykit polkit-agent --process` gets:
everything else is theirs.
"""
import os
import statistics
import subprocess
import sys
import time

import startup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "EndToEnd"))
import polkit_system  # noqa: E402
from screen import cpu_seconds  # noqa: E402

ROUNDS = 100
IDLE_S = 10
MATE = "mate-polkit"
LXPOLKIT = "lxpolkit"


class Agent:
    """One agent serving a process of the scratch user of its own, registered."""

    def __init__(self, name, command, system, environment=None):
        self.name = name
        self.subject = system.subject(polkit_system.ADA)
        read, write = os.pipe()
        words = [word.replace("{subject}", str(self.subject)).replace("{notify}", str(write)) for word in command]
        self.process = subprocess.Popen(words, pass_fds=(write,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL,
                                        env={**os.environ, "ENTRYKIT_BENCHMARK_SUBJECT_PID": str(self.subject),
                                             **(environment or {})})
        os.close(write)
        if any("{notify}" in word for word in command):
            with os.fdopen(read, "rb") as pipe:
                pipe.read()  # closed once registered
        else:
            os.close(read)
            time.sleep(2)  # the others say nothing when they have registered
        if self.process.poll() is not None:
            raise startup.StartupError(f"{name} ended at start (exit {self.process.returncode})")

    def memory(self):
        return startup.memory_of(self.process.pid, self.name)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def visible_windows(pid):
    return subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], capture_output=True,
                          text=True).stdout.split()


def answer(agent, agents):
    """What a person does once the dialog is there: give it the keyboard, type the password,
    press Return; pkcheck must then say authorized. Typing waits until the other agents' dialogs
    have left the screen: a dialog that holds the keyboard (mate-polkit's, EntryKit's) would get
    the keys until it is gone."""
    def then(check, start):
        windows = []
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and (not windows or any(visible_windows(other.process.pid)
                                                                  for other in agents if other is not agent)):
            windows = visible_windows(agent.process.pid)
        if not windows:
            raise startup.StartupError(f"{agent.name}: no window to type into")
        subprocess.run(["xdotool", "windowfocus", "--sync", windows[-1]], capture_output=True, timeout=10)
        subprocess.run(["xdotool", "type", "--delay", "12", polkit_system.ADA.password], check=True, timeout=30)
        subprocess.run(["xdotool", "key", "Return"], check=True, timeout=30)
        try:
            status = check.wait(timeout=30)
        except subprocess.TimeoutExpired:
            raise startup.StartupError(f"{agent.name}: pkcheck had no answer 30 s after the password was typed")
        if status != 0:
            raise startup.StartupError(f"{agent.name}: pkcheck said {status}, not authorized (0)")
        return None
    return then


def idle_cpu_ms(agents):
    """Each agent's CPU time, in milliseconds, over IDLE_S seconds of all of them waiting."""
    before = {agent.name: cpu_seconds(agent.process.pid) for agent in agents}
    time.sleep(IDLE_S)
    return {agent.name: round((cpu_seconds(agent.process.pid) - before[agent.name]) * 1000) for agent in agents}


def rows(entrykit, process_subject, rounds=ROUNDS):
    """One row per agent: {"agent", "frame_ms" (median, min, max, raw), "rss_kb", "pss_kb",
    "pss_first_kb" (after the first authentication), "*_after_kb" (after all), "pss_growth_kb" (from
    the first to the last), "idle_cpu_ms", "idle_cpu_after_ms", "authentications"}."""
    commands = {
        "entrykit polkit-agent": ([entrykit, "polkit-agent", "--process", "{subject}", "--notify-fd", "{notify}"], {}),
        MATE: (["/usr/libexec/polkit-mate-authentication-agent-1"], {"LD_PRELOAD": process_subject}),
        LXPOLKIT: (["lxpolkit"], {"LD_PRELOAD": process_subject}),
    }
    if os.geteuid() != 0:
        return [{"agent": name, "error": "needs root (a scratch user, a policy, the system bus)"} for name in commands]
    system = polkit_system.PolkitSystem()
    agents, errors, samples = [], {}, {}
    try:
        system.start()
        for name, (command, environment) in commands.items():
            try:
                agents.append(Agent(name, command, system, environment))
            except (startup.StartupError, OSError) as error:
                errors[name] = str(error)
        time.sleep(startup.MEMORY_AFTER_S)
        before = {agent.name: agent.memory() for agent in agents}
        idle_before = idle_cpu_ms(agents)
        watcher = startup.FirstFrame()
        samples = {agent.name: [] for agent in agents}
        first = {}
        for round_ in range(rounds):
            if round_ == 1:
                # The first dialog loads what every later one uses (theme, fonts, the helper's
                # libraries): growth counts from here.
                time.sleep(startup.MEMORY_AFTER_S)
                first = {agent.name: agent.memory() for agent in agents if agent.process.poll() is None}
            for agent in agents:
                if agent.name in errors:
                    continue
                try:
                    frame, _ = watcher.measure(["pkcheck", "--process", str(agent.subject), "--action-id",
                                                polkit_system.SELF_ACTION, "--allow-user-interaction"],
                                               then=answer(agent, agents), owner=agent.process.pid)
                    samples[agent.name].append(round(frame, 2))
                except (startup.StartupError, OSError, subprocess.SubprocessError) as error:
                    errors[agent.name] = f"after {len(samples[agent.name])} authentications: {error}"
        time.sleep(startup.MEMORY_AFTER_S)
        after = {agent.name: agent.memory() for agent in agents if agent.process.poll() is None}
        idle_after = idle_cpu_ms([agent for agent in agents if agent.process.poll() is None])
    finally:
        for agent in agents:
            agent.stop()
        system.stop()
    results = []
    for name in commands:
        row = {"agent": name}
        if name in errors:
            row["error"] = errors[name]
        else:
            values = samples[name]
            row.update(frame_ms=round(statistics.median(values), 2), frame_min_ms=min(values),
                       frame_max_ms=max(values), raw={"frame": values}, authentications=len(values),
                       rss_kb=before[name]["rss_kb"], pss_kb=before[name]["pss_kb"], pss_first_kb=first[name]["pss_kb"],
                       rss_after_kb=after[name]["rss_kb"], pss_after_kb=after[name]["pss_kb"],
                       pss_growth_kb=after[name]["pss_kb"] - first[name]["pss_kb"],
                       idle_cpu_ms=idle_before[name], idle_cpu_after_ms=idle_after[name], idle_s=IDLE_S)
        results.append(row)
        print(f"  {name}: " + (row.get("error") or f"pkcheck to the first frame {row['frame_ms']} ms; PSS "
                                f"{row['pss_kb']} kB, after {row['authentications']} authentications "
                                f"{row['pss_after_kb']} kB; idle CPU {row['idle_cpu_ms']} ms, then "
                                f"{row['idle_cpu_after_ms']} ms in {IDLE_S} s"), file=sys.stderr)
    return results
