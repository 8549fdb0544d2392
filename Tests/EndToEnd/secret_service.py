"""A Secret Service of a test's own: gnome-keyring-daemon on a session bus started for the test, its
keyrings in a scratch folder, unlocked with a known password (or locked, or no service at all); and
secret-tool, libsecret's own command, to read and write it independently of EntryKit.

The bus is a dbus-daemon with a configuration of its own: it activates nothing but gcr-prompter,
gnome-keyring's unlock prompt (so "no keyring" is a bus with no Secret Service on it, whatever the
machine has installed). The prompts under test and gcr-prompter keep the display and the
accessibility bus of the test session (AT_SPI_BUS_ADDRESS), so the tests drive both over AT-SPI.
"""
import os
import pathlib
import shutil
import subprocess

from atspi_driver import wait_for
from desktops import end

PASSWORD = "keyring password 1"
SERVICE_FILES = pathlib.Path("/usr/share/dbus-1/services")


def accessibility_bus():
    """The address of the test session's accessibility bus, which GTK would ask the session bus
    for (org.a11y.Bus): given to the prompts directly, as their session bus is another."""
    found = subprocess.run(["dbus-send", "--session", "--print-reply=literal", "--dest=org.a11y.Bus", "/org/a11y/bus",
                            "org.a11y.Bus.GetAddress"], capture_output=True, text=True, timeout=10)
    assert found.returncode == 0, f"no accessibility bus on the session bus: {found.stderr}"
    return found.stdout.strip()


class SecretService:
    """`state`: "unlocked" (a login keyring, the default collection, unlocked with PASSWORD),
    "locked" (the same, locked), or "absent" (a bus with no Secret Service)."""

    def __init__(self, directory: pathlib.Path, state="unlocked"):
        self.directory, self.state = directory, state
        self.processes = []
        services = directory / "services"
        services.mkdir(parents=True)
        if state != "absent":
            shutil.copy(SERVICE_FILES / "org.gnome.keyring.SystemPrompter.service", services)
        config = directory / "bus.conf"
        config.write_text(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path={directory}/bus</listen>
  <auth>EXTERNAL</auth>
  <servicedir>{services}</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
""")
        # What the prompts (and gcr-prompter, which the bus starts with its own environment) run with.
        self.environment = {**os.environ, "AT_SPI_BUS_ADDRESS": accessibility_bus(), "LANGUAGE": "en"}
        bus = subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork", "--print-address=1"],
                               env=self.environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.processes.append(bus)
        self.environment["DBUS_SESSION_BUS_ADDRESS"] = bus.stdout.readline().strip()
        assert self.environment["DBUS_SESSION_BUS_ADDRESS"], "dbus-daemon gave no address"
        if state != "absent":
            self._start_keyring()
        if state == "locked":
            self.lock()

    def _start_keyring(self):
        (self.directory / "runtime").mkdir(mode=0o700)
        (self.directory / "data").mkdir()
        keyring = subprocess.Popen(["gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets"],
                                   env=self._keyring_environment(), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, text=True)
        self.processes.append(keyring)
        keyring.stdin.write(PASSWORD)
        keyring.stdin.close()
        # Ready once the login keyring answers as the default collection.
        wait_for(lambda: self.tool("read-alias").returncode == 0 or None, what="gnome-keyring on the test's bus")

    def _keyring_environment(self):
        """gnome-keyring's own folders: its control socket and its keyrings."""
        return {**self.environment, "XDG_RUNTIME_DIR": str(self.directory / "runtime"),
                "XDG_DATA_HOME": str(self.directory / "data")}

    def tool(self, *args, input=None, timeout=30):
        """secret-tool on this service's bus (or, for read-alias, a D-Bus call that the default
        collection exists)."""
        if args == ("read-alias",):
            command = ["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.secrets",
                       "/org/freedesktop/secrets", "org.freedesktop.Secret.Service.ReadAlias", "string:default"]
            found = subprocess.run(command, env=self.environment, capture_output=True, text=True, timeout=timeout)
            return subprocess.CompletedProcess(command, 0 if "/collection/" in found.stdout else 1, found.stdout,
                                               found.stderr)
        return subprocess.run(["secret-tool", *args], env=self.environment, input=input, capture_output=True,
                              text=True, timeout=timeout)

    def store(self, label, secret, attributes):
        stored = self.tool("store", f"--label={label}", *_words(attributes), input=secret)
        assert stored.returncode == 0, stored.stderr

    def lookup(self, attributes):
        """The secret of the item with `attributes`, or None (secret-tool lookup: no unlock)."""
        found = self.tool("lookup", *_words(attributes))
        return found.stdout if found.returncode == 0 else None

    def items(self, attributes):
        """Every item with `attributes`: its label, secret and attributes (`schema` for
        xdg:schema), as secret-tool search --all prints them."""
        # secret-tool prints the attributes on standard error: one stream, line-buffered, keeps
        # each item's lines together.
        found = subprocess.run(["stdbuf", "-oL", "secret-tool", "search", "--all", *_words(attributes)],
                               env=self.environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               timeout=30)
        items, item = [], None
        for line in found.stdout.splitlines():
            if line.startswith("["):
                item = {}
                items.append(item)
            elif item is not None and " = " in line:
                key, value = line.split(" = ", 1)
                item[key.removeprefix("attribute.")] = value
        return items

    def lock(self):
        """Locks the login keyring, as a screen lock or a timeout does. (Through D-Bus: Debian 12's
        secret-tool lock frees a string twice and aborts.)"""
        locked = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.secrets",
                                 "/org/freedesktop/secrets", "org.freedesktop.Secret.Service.Lock",
                                 "array:objpath:/org/freedesktop/secrets/collection/login"],
                                env=self.environment, capture_output=True, text=True, timeout=30)
        assert locked.returncode == 0 and "/collection/login" in locked.stdout, locked.stderr + locked.stdout

    def stop(self):
        end(self.processes)
        shutil.rmtree(self.directory, ignore_errors=True)


def _words(attributes):
    return [word for pair in attributes.items() for word in pair]
