"""A real polkit for the authentication agent's tests, as a machine without systemd or logind has
it: the system bus and Debian's polkitd started by hand, two scratch administrators with known
passwords, a test policy whose actions every subject may be authorized for after authentication,
and rules offering both administrators. Everything the tests add is removed after, and the bus
and the services it started are stopped when the tests started it.

Without logind no process has a session and none is local or active: polkit applies each
action's `allow_any` default, and an agent can serve only a process subject (`--process`)."""
import os
import pathlib
import pwd
import shutil
import signal
import socket
import subprocess

from atspi_driver import wait_for

POLICY = pathlib.Path("/usr/share/polkit-1/actions/io.github.entrykit.test.policy")
RULES = pathlib.Path("/etc/polkit-1/rules.d/10-entrykit-test.rules")
SYSTEM_BUS = pathlib.Path("/run/dbus/system_bus_socket")
SELF_ACTION = "io.github.entrykit.test.self"
ADMIN_ACTION = "io.github.entrykit.test.admin"


class Account:
    def __init__(self, name, real_name, password):
        self.name, self.real_name, self.password = name, real_name, password

    @property
    def shown(self):
        """How the agent names the account: the real name and the user name."""
        return f"{self.real_name} ({self.name})"

    @property
    def uid(self):
        return pwd.getpwnam(self.name).pw_uid


ADA = Account("ekpk-ada", "Ada Lovelace", "ada pass 1")
BOB = Account("ekpk-bob", "Bob Babbage", "bob pass 2")
ACCOUNTS = (ADA, BOB)

POLICY_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE policyconfig PUBLIC "-//freedesktop//DTD PolicyKit Policy Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/PolicyKit/1/policyconfig.dtd">
<policyconfig>
  <vendor>EntryKit tests</vendor>
  <action id="{SELF_ACTION}">
    <description>Test the agent as the user</description>
    <message>Authentication is needed to test the agent</message>
    <message xml:lang="de">Zum Testen des Agenten ist eine Legitimierung notwendig</message>
    <defaults><allow_any>auth_self</allow_any><allow_inactive>auth_self</allow_inactive><allow_active>auth_self</allow_active></defaults>
  </action>
  <action id="{ADMIN_ACTION}">
    <description>Test the agent as an administrator</description>
    <message>Authentication is needed to test the agent as an administrator</message>
    <message xml:lang="de">Zum Testen des Agenten als Verwalter ist eine Legitimierung notwendig</message>
    <defaults><allow_any>auth_admin</allow_any><allow_inactive>auth_admin</allow_inactive><allow_active>auth_admin</allow_active></defaults>
  </action>
</policyconfig>
"""

# Bob first: an agent run by Ada must start at her own account, any other at the first offered.
# For the scratch users' processes only, every action (pkexec's too) offers both administrators.
RULES_JS = f"""// EntryKit's agent tests: two administrators for the scratch users' processes.
polkit.addAdminRule(function(action, subject) {{
    if (subject.user == "{ADA.name}" || subject.user == "{BOB.name}")
        return ["unix-user:{BOB.name}", "unix-user:{ADA.name}"];
    return null;
}});
"""


def require(*programs):
    for program in programs:
        assert shutil.which(program) or os.path.exists(program), \
            f"{program} is not installed: scripts/install-deps --test installs it"


def system_bus_answers():
    if not SYSTEM_BUS.is_socket():
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
        try:
            client.connect(str(SYSTEM_BUS))
            return True
        except OSError:
            return False


def bus_pid(name):
    """The process that owns `name` on the system bus, None when no one does."""
    result = subprocess.run(["dbus-send", "--system", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                             "org.freedesktop.DBus.GetConnectionUnixProcessID", f"string:{name}"],
                            capture_output=True, text=True, timeout=30)
    return int(result.stdout.split()[-1]) if result.returncode == 0 else None


def bus_names():
    result = subprocess.run(["dbus-send", "--system", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                             "org.freedesktop.DBus.ListNames"], capture_output=True, text=True, timeout=30, check=True)
    return [line.split('"')[1] for line in result.stdout.splitlines() if line.strip().startswith("string ")]


class PolkitSystem:
    """The system state the agent's tests need, set up by `start` and taken down by `stop`."""

    def __init__(self):
        self.bus_process = None
        self.subjects = []

    def start(self):
        if os.geteuid() != 0:
            raise AssertionError("the polkit tests add users, a policy and rules, and start the system bus: run them as "
                                 "root (CI does)")
        require("dbus-daemon", "dbus-send", "pkcheck", "pkexec", "pkaction", "useradd", "chpasswd", "userdel",
                "/usr/lib/polkit-1/polkitd", "/usr/lib/polkit-1/polkit-agent-helper-1")
        for account in ACCOUNTS:
            # Left over by a run that could not clean up (its processes may still run): gone.
            subprocess.run(["userdel", "--force", "--remove", account.name], capture_output=True)
            subprocess.run(["useradd", "--create-home", "--shell", "/bin/sh", "--comment", account.real_name, account.name],
                           check=True)
            subprocess.run(["chpasswd"], input=f"{account.name}:{account.password}\n", text=True, check=True)
        POLICY.write_text(POLICY_XML)
        RULES.parent.mkdir(parents=True, exist_ok=True)
        RULES.write_text(RULES_JS)
        if not system_bus_answers():
            SYSTEM_BUS.parent.mkdir(parents=True, exist_ok=True)
            SYSTEM_BUS.unlink(missing_ok=True)  # a socket no bus listens on any more
            read, write = os.pipe()
            self.bus_process = subprocess.Popen(["dbus-daemon", "--system", "--nofork", "--nopidfile",
                                                 f"--print-address={write}"], pass_fds=(write,),
                                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            os.close(write)
            with os.fdopen(read) as address:
                assert address.readline().strip(), "the system bus did not start"
        # polkitd starts on the first call (D-Bus activation), and reads the test policy.
        wait_for(lambda: subprocess.run(["pkaction", "--action-id", ADMIN_ACTION], capture_output=True,
                                        timeout=30).returncode == 0, timeout=30, what="polkitd to know the test policy")

    def stop(self):
        for subject in self.subjects:
            if subject.poll() is None:
                subject.kill()
                subject.wait()
        if self.bus_process is not None:
            # What our bus started (polkitd, and whatever a competing agent asked for) goes with it.
            services = [bus_pid(name) for name in bus_names() if not name.startswith(":") and name != "org.freedesktop.DBus"]
            for pid in filter(None, set(services)):
                try:
                    os.kill(pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
            self.bus_process.terminate()
            self.bus_process.wait(timeout=10)
            self.bus_process = None
            SYSTEM_BUS.unlink(missing_ok=True)
        POLICY.unlink(missing_ok=True)
        RULES.unlink(missing_ok=True)
        for account in ACCOUNTS:
            subprocess.run(["userdel", "--remove", account.name], capture_output=True)

    def subject(self, account):
        """The process id of a process of `account` that a pkcheck asks about (a program the
        user runs)."""
        process = subprocess.Popen(["sleep", "600"], user=account.name, group=account.name, extra_groups=[],
                                   stdin=subprocess.DEVNULL)
        self.subjects.append(process)
        return process.pid

    def pkcheck(self, pid, action, *details, env=None):
        """`pkcheck --process PID --action-id ACTION --allow-user-interaction`, running."""
        words = [word for key, value in details for word in ("--detail", key, value)]
        return subprocess.Popen(["pkcheck", "--process", str(pid), "--action-id", action, "--allow-user-interaction", *words],
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env={**os.environ, **(env or {})})


def finished(process, timeout=60):
    """Waits for `process`; returns (status, stdout, stderr)."""
    stdout, stderr = process.communicate(timeout=timeout)
    return process.returncode, stdout, stderr
