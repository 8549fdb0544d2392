"""EntryKit as the desktop's password prompt, tested with the real clients from Debian's packages:
gpg (gpg-agent runs `entrykit pinentry`), ssh-add and ssh-agent (`SSH_ASKPASS`), git (`GIT_ASKPASS`
and `credential.helper`). Each client starts EntryKit itself, through a small wrapper that records
the process's id; the dialog is driven as a person would, over AT-SPI and the keyboard, and what the
client did with the answer is checked with the client's own tools."""
import os
import pathlib
import shlex
import shutil
import subprocess
import tempfile

import pyatspi
import pytest

from atspi_driver import find, find_all, keys, press, states, type_text, wait_for

PASSPHRASE = "correct horse 7 battery"
# Variables a prompt needs to reach the display and the accessibility bus, whatever the client
# passes on (gpg-agent, for one, hands its pinentry a filtered environment).
SESSION_VARIABLES = ("DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "GDK_BACKEND",
                     "DBUS_SESSION_BUS_ADDRESS", "G_DEBUG", "GTK_USE_PORTAL", "ENTRYKIT_RESOURCES",
                     "ENTRYKIT_TEST_BACKEND")


class Prompt:
    """A program name a client runs (`pinentry-program`, `SSH_ASKPASS`): a script that records its
    process id and execs `entrykit WORDS "$@"` with the test session's display and language."""

    def __init__(self, directory, binary, *words):
        self.pids = directory / f"{words[0]}.pids"
        self.path = directory / f"{words[0]}-prompt"
        exports = "".join(f"export {name}={shlex.quote(os.environ[name])}\n"
                          for name in SESSION_VARIABLES if name in os.environ)
        command = " ".join(shlex.quote(str(word)) for word in (binary, *words))
        self.path.write_text(f"#!/bin/sh\n{exports}export LANGUAGE=en\necho $$ >> {shlex.quote(str(self.pids))}\n"
                             f'exec {command} "$@"\n')
        self.path.chmod(0o755)

    def runs(self):
        return [int(line) for line in self.pids.read_text().split()] if self.pids.exists() else []

    def application(self, run=0):
        """The AT-SPI application of the `run`th start (0: the first), waiting for it."""
        def lookup():
            pids = self.runs()
            if len(pids) <= run:
                return None
            desktop = pyatspi.Registry.getDesktop(0)
            for index in range(desktop.childCount):
                application = desktop.getChildAtIndex(index)
                if application is not None and application.get_process_id() == pids[run]:
                    return application
            return None
        return wait_for(lookup, what=f"run {run} of {self.path.name} on the accessibility bus")


def focused_field(application, role, name=None):
    """The showing, focused field of `role` (and `name`): where the next keys go."""
    def lookup():
        for field in find_all(application, role=role, name=name, showing=True):
            if "focused" in states(field):
                return field
        return None
    return wait_for(lookup, what=f"a focused {role} named {name!r}")


def answer(application, text, role="password text", name=None):
    """Types `text` into the focused field and presses Return, as a person would."""
    focused_field(application, role, name)
    type_text(text)
    keys("Return")


def showing_labels(application):
    return {label.name for label in find_all(application, role="label", showing=True)}


def finish(process, timeout=30):
    stdout, stderr = process.communicate(timeout=timeout)
    return process.returncode, stdout, stderr


# MARK: gpg and gpg-agent through `entrykit pinentry`

@pytest.fixture
def gnupg(binary, display):
    """A scratch GNUPGHOME whose agent runs EntryKit as its pinentry; the agent is stopped after."""
    # Short: the agent's socket path must fit a sockaddr_un.
    home = pathlib.Path(tempfile.mkdtemp(prefix="ek-gpg-", dir="/tmp"))
    home.chmod(0o700)
    prompt = Prompt(home, binary, "pinentry")
    (home / "gpg-agent.conf").write_text(f"pinentry-program {prompt.path}\n")
    (home / "plain.txt").write_text("the plaintext\n")
    environment = {**os.environ, "GNUPGHOME": str(home), "LANGUAGE": "en"}

    class GnuPG:
        def __init__(self):
            self.home, self.prompt, self.environment = home, prompt, environment

        def start(self, *args):
            return subprocess.Popen(["gpg", "--batch", "--no-symkey-cache", *args], env=environment,
                                    stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

        def encrypt(self):
            return self.start("--pinentry-mode", "ask", "--symmetric", "--output", str(home / "plain.gpg"),
                              str(home / "plain.txt"))

        def decrypt(self, passphrase):
            """Decrypts with the passphrase given on the command line: no pinentry involved."""
            return subprocess.run(["gpg", "--batch", "--no-symkey-cache", "--pinentry-mode", "loopback", "--passphrase",
                                   passphrase, "--decrypt", str(home / "plain.gpg")], env=environment,
                                  capture_output=True, text=True, timeout=30)

    yield GnuPG()
    subprocess.run(["gpgconf", "--kill", "gpg-agent"], env=environment, capture_output=True)
    shutil.rmtree(home, ignore_errors=True)


def test_gpg_symmetric_encrypts_with_the_passphrase_typed_into_entrykit(gnupg):
    gpg = gnupg.encrypt()
    application = gnupg.prompt.application()
    dialog = find(application, role="dialog", showing=True)
    # gpg-agent's own texts: the description and the prompt label the panel's field.
    assert "Enter passphrase" in showing_labels(dialog)
    assert not find_all(dialog, role="text", name="Username", showing=True), "a pinentry asks for no username"
    answer(application, PASSPHRASE, name="Passphrase:")
    answer(application, PASSPHRASE, name="Repeat:")
    status, _, stderr = finish(gpg)
    assert status == 0, stderr
    # gpg-agent took the repeat from EntryKit (S PIN_REPEATED): no second pinentry was started.
    assert len(gnupg.prompt.runs()) == 1
    decrypted = gnupg.decrypt(PASSPHRASE)
    assert (decrypted.returncode, decrypted.stdout) == (0, "the plaintext\n"), decrypted.stderr
    assert gnupg.decrypt("wrong " + PASSPHRASE).returncode != 0


def test_cancel_makes_gpg_fail_with_operation_cancelled(gnupg):
    gpg = gnupg.encrypt()
    application = gnupg.prompt.application()
    focused_field(application, "password text", "Passphrase:")
    press(find(application, role="push button", name="Cancel", showing=True))
    status, _, stderr = finish(gpg)
    assert status != 0
    assert "Operation cancelled" in stderr
    assert not (gnupg.home / "plain.gpg").exists()


def test_a_repeat_that_differs_shows_the_agents_error_and_asks_again(gnupg):
    gpg = gnupg.encrypt()
    application = gnupg.prompt.application()
    answer(application, PASSPHRASE, name="Passphrase:")
    answer(application, "another " + PASSPHRASE, name="Repeat:")
    # The panel asks again, with gpg-agent's SETREPEATERROR text shown under the field.
    focused_field(application, "password text", "Passphrase:")
    wait_for(lambda: "does not match - try again" in showing_labels(application), what="the mismatch shown")
    assert gpg.poll() is None, "a mismatch must not answer gpg"
    answer(application, "third " + PASSPHRASE, name="Passphrase:")
    answer(application, "third " + PASSPHRASE, name="Repeat:")
    status, _, stderr = finish(gpg)
    assert status == 0, stderr
    assert gnupg.decrypt("third " + PASSPHRASE).returncode == 0
    assert gnupg.decrypt(PASSPHRASE).returncode != 0


def test_a_wrong_passphrase_shows_the_agents_error_and_the_right_one_signs(gnupg):
    made = subprocess.run(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", PASSPHRASE,
                           "--quick-gen-key", "EntryKit Test <test@example.org>", "ed25519", "sign", "never"],
                          env=gnupg.environment, capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    signature = gnupg.home / "plain.sig"
    gpg = gnupg.start("--pinentry-mode", "ask", "--local-user", "test@example.org", "--output", str(signature),
                      "--detach-sign", str(gnupg.home / "plain.txt"))
    application = gnupg.prompt.application()
    answer(application, "not the passphrase", name="Passphrase:")
    wait_for(lambda: any(label.startswith("Bad Passphrase") for label in showing_labels(application)),
             what="gpg-agent's SETERROR text in the panel")
    answer(application, PASSPHRASE, name="Passphrase:")
    status, _, stderr = finish(gpg)
    assert status == 0, stderr
    verified = subprocess.run(["gpg", "--batch", "--verify", str(signature), str(gnupg.home / "plain.txt")],
                              env=gnupg.environment, capture_output=True, text=True, timeout=30)
    assert verified.returncode == 0, verified.stderr
