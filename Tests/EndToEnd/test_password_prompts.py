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
import threading

import pyatspi
import pytest

from atspi_driver import application_of, application_with_pid, find, find_all, keys, on_wayland, press, states, type_text, wait_for

PASSPHRASE = "correct horse 7 battery"
# Variables a prompt needs to reach the display and the accessibility bus, whatever the client
# passes on (gpg-agent, for one, hands its pinentry a filtered environment).
SESSION_VARIABLES = ("DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "GDK_BACKEND",
                     "DBUS_SESSION_BUS_ADDRESS", "G_DEBUG", "GTK_USE_PORTAL", "ENTRYKIT_RESOURCES",
                     "ENTRYKIT_TEST_BACKEND", "AT_SPI_BUS_ADDRESS")


class Prompt:
    """A program name a client runs (`pinentry-program`, `SSH_ASKPASS`): a script that records its
    process id and execs `entrykit WORDS "$@"` with the test session's display and language.
    `environment` (a whole environment) replaces the test session's: those of SESSION_VARIABLES it
    lacks are unset."""

    def __init__(self, directory, binary, *words, environment=None):
        self.directory, self.binary, self.words = directory, binary, words
        self.pids = directory / f"{words[0]}.pids"
        self.path = directory / f"{words[0]}-prompt"
        self.write(environment)

    def write(self, environment=None):
        """(Re)writes the script for `environment` (None: the test session's)."""
        given = environment if environment is not None else os.environ
        exports = "".join(f"export {name}={shlex.quote(given[name])}\n" if name in given
                          else f"unset {name}\n" if environment is not None else ""
                          for name in SESSION_VARIABLES)
        command = " ".join(shlex.quote(str(word)) for word in (self.binary, *self.words))
        self.path.write_text(f"#!/bin/sh\n{exports}export LANGUAGE=en\necho $$ >> {shlex.quote(str(self.pids))}\n"
                             f'exec {command} "$@"\n')
        self.path.chmod(0o755)

    def runs(self):
        return [int(line) for line in self.pids.read_text().split()] if self.pids.exists() else []

    def application(self, run=0):
        """The AT-SPI application of the `run`th start (0: the first), waiting for it."""
        def lookup():
            pids = self.runs()
            return application_with_pid(pids[run]) if len(pids) > run else None
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


# MARK: ssh-add and ssh-agent through `entrykit askpass`

@pytest.fixture
def ssh(binary, display, tmp_path):
    """A passphrase-protected key, a private ssh-agent, and EntryKit as both programs' askpass."""
    directory = pathlib.Path(tempfile.mkdtemp(prefix="ek-ssh-", dir="/tmp"))
    prompt = Prompt(directory, binary, "askpass")
    key = directory / "id_ed25519"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", PASSPHRASE, "-C", "entrykit-test", "-f", str(key)],
                   check=True, timeout=30)
    socket = directory / "agent.sock"
    # Without a terminal and with SSH_ASKPASS_REQUIRE=force, both ask through the askpass program.
    environment = {**os.environ, "SSH_ASKPASS": str(prompt.path), "SSH_ASKPASS_REQUIRE": "force",
                   "SSH_AUTH_SOCK": str(socket), "LANGUAGE": "en"}
    agent = subprocess.Popen(["ssh-agent", "-D", "-a", str(socket)], env=environment,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(socket.exists, what="ssh-agent's socket")

    class SSH:
        def __init__(self):
            self.prompt, self.key, self.environment, self.directory = prompt, key, environment, directory

        def start(self, *args):
            return subprocess.Popen(list(args), env=environment, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

        def listed(self):
            return subprocess.run(["ssh-add", "-l"], env=environment, capture_output=True, text=True).stdout

    yield SSH()
    agent.terminate()
    agent.wait(timeout=10)
    shutil.rmtree(directory, ignore_errors=True)


def test_ssh_add_unlocks_a_key_with_the_passphrase_typed_into_entrykit(ssh):
    adding = ssh.start("ssh-add", str(ssh.key))
    application = ssh.prompt.application()
    # ssh's prompt is the message; the field is the hidden one alone.
    focused_field(application, "password text")
    assert any(label.startswith(f"Enter passphrase for {ssh.key}") for label in showing_labels(application))
    assert not find_all(application, role="text", name="Username", showing=True)
    if not on_wayland():  # as ssh-askpass-gnome, the askpass holds the keyboard on X11
        keyboard = XKeyboard()
        try:
            wait_for(lambda: not keyboard.can_grab(), what="the askpass to hold the keyboard")
        finally:
            keyboard.close()
    answer(application, PASSPHRASE)
    status, _, stderr = finish(adding)
    assert status == 0, stderr
    assert "entrykit-test" in ssh.listed()


def test_ssh_add_cancelled_adds_nothing(ssh):
    adding = ssh.start("ssh-add", str(ssh.key))
    application = ssh.prompt.application()
    focused_field(application, "password text")
    press(find(application, role="push button", name="Cancel", showing=True))
    status, _, _ = finish(adding)
    assert status != 0
    assert "entrykit-test" not in ssh.listed()


def test_ssh_agent_asks_to_confirm_each_use_of_a_key_added_with_c(ssh):
    adding = ssh.start("ssh-add", "-c", str(ssh.key))
    answer(ssh.prompt.application(0), PASSPHRASE)
    assert finish(adding)[0] == 0
    ssh.key.unlink()  # only the agent can sign now
    data = ssh.directory / "data.txt"
    data.write_text("to sign\n")

    def sign():
        return ssh.start("ssh-keygen", "-Y", "sign", "-f", f"{ssh.key}.pub", "-n", "file", str(data))

    # ssh-agent runs the askpass with SSH_ASKPASS_PROMPT=confirm: a yes/no question, no field.
    signing = sign()
    application = ssh.prompt.application(1)
    ok = find(application, role="push button", name="OK", showing=True)
    assert any("Allow use of key" in label for label in showing_labels(application))
    assert not find_all(application, role="password text", showing=True)
    press(ok)
    status, _, stderr = finish(signing)
    assert status == 0, stderr
    assert pathlib.Path(f"{data}.sig").exists()

    pathlib.Path(f"{data}.sig").unlink()
    refused = sign()
    press(find(ssh.prompt.application(2), role="push button", name="Cancel", showing=True))
    assert finish(refused)[0] != 0
    assert not pathlib.Path(f"{data}.sig").exists()


def test_ssh_askpass_prompt_none_is_a_notice(binary, display, tmp_path):
    # What ssh shows while a security key waits for a touch: a message, nothing to type.
    prompt = Prompt(tmp_path, binary, "askpass")
    notice = subprocess.Popen([str(prompt.path), "Confirm user presence for key ED25519-SK SHA256:x"],
                              env={**os.environ, "SSH_ASKPASS_PROMPT": "none"}, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    application = prompt.application()
    ok = find(application, role="push button", name="OK", showing=True)
    assert "Confirm user presence for key ED25519-SK SHA256:x" in showing_labels(application)
    assert not find_all(application, role="password text", showing=True)
    assert not find_all(application, role="push button", name="Cancel", showing=True)
    press(ok)
    assert finish(notice) == (0, "", "")


# MARK: git through GIT_ASKPASS and `git-credential-entrykit`

def git_fill(environment, *config, request="protocol=https\nhost=example.org\n\n"):
    options = [word for setting in config for word in ("-c", setting)]
    return subprocess.Popen(["git", *options, "credential", "fill"], env=environment, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True), request


@pytest.fixture
def git_environment(tmp_path):
    # No terminal prompt, no user configuration: only what the test sets asks.
    return {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(tmp_path),
            "LANGUAGE": "en"}


def test_git_askpass_is_asked_twice_and_both_answers_arrive(binary, display, tmp_path, git_environment):
    prompt = Prompt(tmp_path, binary, "askpass")
    process, request = git_fill({**git_environment, "GIT_ASKPASS": str(prompt.path)})
    process.stdin.write(request)
    process.stdin.flush()
    # "Username for 'https://example.org': " gets the visible field alone.
    first = prompt.application(0)
    assert any(label.startswith("Username for 'https://example.org'") for label in showing_labels(first))
    assert not find_all(first, role="password text", showing=True)
    answer(first, "ada", role="text")
    # "Password for 'https://ada@example.org': " the hidden one.
    answer(prompt.application(1), PASSPHRASE)
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 0, stderr
    assert stdout == f"protocol=https\nhost=example.org\nusername=ada\npassword={PASSPHRASE}\n"


@pytest.fixture
def credential_helper(binary, tmp_path, git_environment):
    """`git-credential-entrykit` on PATH, so `credential.helper=entrykit` finds it."""
    helpers = tmp_path / "bin"
    helpers.mkdir()
    prompt = Prompt(helpers, binary, "credential")
    prompt.path.rename(helpers / "git-credential-entrykit")
    prompt.path = helpers / "git-credential-entrykit"
    return prompt, {**git_environment, "PATH": f"{helpers}:{os.environ['PATH']}"}


def test_git_credential_helper_answers_from_one_panel(display, credential_helper):
    prompt, environment = credential_helper
    process, request = git_fill(environment, "credential.helper=entrykit",
                                request="protocol=https\nhost=example.org\nusername=ada\n\n")
    process.stdin.write(request)
    process.stdin.flush()
    application = prompt.application()
    dialog = find(application, role="dialog", showing=True)
    assert "https://example.org" in dialog.name
    # The name git knew is filled in; typing starts in the password field.
    answer(application, PASSPHRASE, name="Password")
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 0, stderr
    assert stdout == f"protocol=https\nhost=example.org\nusername=ada\npassword={PASSPHRASE}\n"
    assert len(prompt.runs()) == 1


def test_git_credential_helper_cancelled_lets_git_go_on(display, credential_helper):
    prompt, environment = credential_helper
    process, request = git_fill(environment, "credential.helper=entrykit")
    process.stdin.write(request)
    process.stdin.flush()
    application = prompt.application()
    focused_field(application, "text", "Username")
    press(find(application, role="push button", name="Cancel", showing=True))
    stdout, stderr = process.communicate(timeout=30)
    # Nothing from the helper: git went on to its own prompt, which this test switched off.
    assert process.returncode != 0
    assert "password=" not in stdout
    assert "terminal prompts disabled" in stderr


# MARK: the rest of the pinentry protocol, spoken to `entrykit pinentry` directly

class Pinentry:
    """`entrykit pinentry` with the test as its gpg-agent: one command line, then its answer."""

    def __init__(self, binary, env=None, without=()):
        environment = {key: value for key, value in {**os.environ, "LANGUAGE": "en", **(env or {})}.items()
                       if key not in without}
        self.process = subprocess.Popen([str(binary), "pinentry"], env=environment,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, bufsize=1)
        assert self.process.stdout.readline() == "OK Pleased to meet you\n"

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def answer(self):
        """The lines up to the OK or ERR that ends the answer."""
        lines = []
        while not lines or not (lines[-1].startswith("OK") or lines[-1].startswith("ERR")):
            line = self.process.stdout.readline()
            assert line, f"pinentry ended: {self.process.stderr.read()}"
            lines.append(line.rstrip("\n"))
        return lines

    def ask(self, line):
        self.send(line)
        return self.answer()

    def application(self):
        return wait_for(lambda: application_of(self.process), what="entrykit pinentry on the accessibility bus")

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate()


@pytest.fixture
def pinentry(binary):
    started = []

    def start(env=None, without=()):
        started.append(Pinentry(binary, env, without))
        return started[-1]

    yield start
    for entry in started:
        entry.close()


def test_confirm_answers_with_the_button_pressed(display, pinentry):
    entry = pinentry()
    for line in ("SETTITLE Question", "SETDESC Really use this key?", "SETOK _Yes", "SETNOTOK _No", "SETCANCEL _Stop"):
        assert entry.ask(line) == ["OK"]
    answers = {}
    for button, expected in (("Yes", ["OK"]), ("No", ["ERR 83886194 Not confirmed <Pinentry>"]),
                             ("Stop", ["ERR 83886179 Operation cancelled <Pinentry>"])):
        entry.send("CONFIRM")
        dialog = find(entry.application(), role="dialog", name="Question", showing=True)
        assert "Really use this key?" in showing_labels(dialog)
        press(find(dialog, role="push button", name=button, showing=True))
        answers[button] = entry.answer()
        assert answers[button] == expected
    # MESSAGE and CONFIRM --one-button: a notice with the OK button alone.
    entry.send("MESSAGE")
    dialog = find(entry.application(), role="dialog", name="Question", showing=True)
    # (On Wayland the window's own title bar adds a Close button.)
    names = {button.name for button in find_all(dialog, role="push button", showing=True)}
    assert "Yes" in names and not names & {"No", "Stop"}
    press(find(dialog, role="push button", name="Yes", showing=True))
    assert entry.answer() == ["OK"]
    assert entry.ask("BYE") == ["OK closing connection"]


def test_settimeout_gives_up_with_the_timeout_error(display, pinentry):
    entry = pinentry()
    assert entry.ask("SETTIMEOUT 1") == ["OK"]
    entry.send("GETPIN")
    focused_field(entry.application(), "password text")
    assert entry.answer() == ["ERR 83886142 Timeout <Pinentry>"]
    # The conversation goes on, and the next dialog is not cut short by the old timer.
    assert entry.ask("SETTIMEOUT 0") == ["OK"]
    entry.send("GETPIN")
    answer(entry.application(), "100% sure")
    assert entry.answer() == ["D 100%25 sure", "OK"]


def test_closing_the_window_cancels(display, pinentry):
    entry = pinentry()
    entry.send("GETPIN")
    focused_field(entry.application(), "password text")
    keys("Escape")
    assert entry.answer() == ["ERR 83886179 Operation cancelled <Pinentry>"]


def test_without_a_display_getpin_fails_as_pinentry_curses_does_without_a_terminal(binary):
    environment = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    entry = subprocess.run([str(binary), "pinentry"], input="GETINFO flavor\nGETPIN\nBYE\n", env=environment,
                           capture_output=True, text=True, timeout=30)
    assert entry.stdout.splitlines() == ["OK Pleased to meet you", "D entrykit", "OK",
                                         "ERR 83918950 Inappropriate ioctl for device <Pinentry>",
                                         "OK closing connection"]
    assert entry.returncode == 0


# MARK: sudo -A through `entrykit askpass`

SCRATCH_USER = "ek-sudo-test"
SCRATCH_PASSWORD = "scratch pass 9"


@pytest.fixture
def scratch_user():
    """A user with a known password who may run anything with sudo, removed after (the tests run
    as root in CI)."""
    if os.geteuid() != 0:
        if os.environ.get("CI"):
            pytest.fail("creating a user needs root; CI runs the suite as root")
        pytest.skip("creating a user needs root (CI runs the tests as root)")
    for tool in ("sudo", "useradd", "chpasswd", "runuser"):
        assert shutil.which(tool), f"{tool} is not installed: scripts/install-deps --test installs it"
    subprocess.run(["userdel", "-r", SCRATCH_USER], capture_output=True)
    subprocess.run(["useradd", "--create-home", SCRATCH_USER], check=True)
    subprocess.run(["chpasswd"], input=f"{SCRATCH_USER}:{SCRATCH_PASSWORD}\n", text=True, check=True)
    sudoers = pathlib.Path(f"/etc/sudoers.d/{SCRATCH_USER}")
    # One try: a wrong password fails at once instead of asking again.
    sudoers.write_text(f"{SCRATCH_USER} ALL=(ALL) ALL\nDefaults:{SCRATCH_USER} passwd_tries=1, !lecture\n")
    sudoers.chmod(0o440)
    yield SCRATCH_USER
    sudoers.unlink()
    subprocess.run(["userdel", "-r", SCRATCH_USER], capture_output=True)


@pytest.fixture
def sudo_askpass(binary, display, scratch_user):
    """SUDO_ASKPASS for the scratch user. sudo runs it as that user, who may not use this
    session's display and accessibility bus (both are root's); so the program sudo runs hands
    the prompt to `entrykit askpass` running here, through two named pipes, and hands back its
    standard output and exit status unchanged: what sudo gets is EntryKit's answer."""
    directory = pathlib.Path(tempfile.mkdtemp(prefix="ek-sudo-", dir="/tmp"))
    directory.chmod(0o755)
    prompt = Prompt(directory, binary, "askpass")
    request, reply, status = directory / "request", directory / "reply", directory / "status"
    for pipe in (request, reply):
        os.mkfifo(pipe)
        pipe.chmod(0o666)
    relay_program = directory / "sudo-askpass"
    relay_program.write_text(f'#!/bin/sh\nprintf %s "$1" > {request}\ncat {reply}\nexit "$(cat {status})"\n')
    relay_program.chmod(0o755)

    def relay():
        """Answers one request of the program sudo runs, with `entrykit askpass PROMPT`."""
        with open(request) as incoming:
            text = incoming.read()
        result = subprocess.run([str(prompt.path), text], capture_output=True, text=True, timeout=60)
        status.write_text(f"{result.returncode}\n")
        status.chmod(0o644)
        with open(reply, "w") as outgoing:
            outgoing.write(result.stdout)
        return result

    def run_sudo():
        return subprocess.Popen(["runuser", "-u", scratch_user, "--", "env", f"SUDO_ASKPASS={relay_program}",
                                 "sudo", "-A", "-k", "true"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)

    yield prompt, relay, run_sudo
    shutil.rmtree(directory, ignore_errors=True)


@pytest.mark.parametrize("typed, succeeds", [(SCRATCH_PASSWORD, True), ("not " + SCRATCH_PASSWORD, False)])
def test_sudo_askpass_authenticates_with_the_password_typed_into_entrykit(sudo_askpass, typed, succeeds):
    prompt, relay, run_sudo = sudo_askpass
    sudo = run_sudo()
    relayed = {}
    thread = threading.Thread(target=lambda: relayed.setdefault("result", relay()))
    thread.start()
    application = prompt.application()
    focused_field(application, "password text")
    assert f"[sudo] password for {SCRATCH_USER}:" in showing_labels(application)
    answer(application, typed)
    thread.join(timeout=60)
    assert relayed["result"].returncode == 0
    status, _, stderr = finish(sudo)
    assert (status == 0) == succeeds, stderr


def test_setqualitybar_shows_a_strength_bar_that_grows_as_the_passphrase_does(display, pinentry):
    entry = pinentry()
    assert entry.ask("SETQUALITYBAR Quality:") == ["OK"]
    assert entry.ask("SETQUALITYBAR_TT How hard the passphrase is to guess") == ["OK"]
    entry.send("GETPIN")
    application = entry.application()
    focused_field(application, "password text")
    bar = find(application, role="level bar", name="Quality", showing=True)
    # As wide as the row leaves it, not a dot.
    assert bar.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width > 100
    value = bar.queryValue()
    assert value.currentValue == 0
    type_text("abc")
    weak = wait_for(lambda: value.currentValue or None, what="the bar to move")
    type_text("DEF 123 !?")
    wait_for(lambda: value.currentValue > weak, what="the bar to grow")
    keys("Return")
    assert entry.answer() == ["D abcDEF 123 !?", "OK"]


def test_the_dialog_speaks_the_language_gpg_agent_passes(display, pinentry):
    # As a gpg-agent started with no locale of its own: the language comes from OPTION lc-messages.
    entry = pinentry(env={"LANG": "C.UTF-8"}, without=("LANGUAGE", "LC_ALL", "LC_MESSAGES"))
    assert entry.ask("OPTION lc-messages=ja_JP.UTF-8") == ["OK"]
    entry.send("GETPIN")
    application = entry.application()
    focused_field(application, "password text")
    press(find(application, role="push button", name="キャンセル", showing=True))
    assert entry.answer() == ["ERR 83886179 Operation cancelled <Pinentry>"]


class XKeyboard:
    """A second X client, as a key logger would be: can it take the keyboard (XGrabKeyboard)?"""

    def __init__(self):
        import ctypes
        self.x = ctypes.CDLL("libX11.so.6")
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x.XGrabKeyboard.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]
        self.x.XUngrabKeyboard.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.display = self.x.XOpenDisplay(None)
        assert self.display, "cannot open the X display"

    def can_grab(self):
        """Grabs and at once releases the keyboard; False while another client holds it."""
        status = self.x.XGrabKeyboard(self.display, self.x.XDefaultRootWindow(self.display), 0, 1, 1, 0)
        if status == 0:  # GrabSuccess
            self.x.XUngrabKeyboard(self.display, 0)
        self.x.XSync(self.display, 0)
        return status == 0

    def close(self):
        self.x.XCloseDisplay(self.display)


@pytest.mark.parametrize("option, grabs", [("grab", True), ("no-grab", False)])
def test_option_grab_takes_the_keyboard_on_x11_while_the_panel_is_up(display, pinentry, option, grabs):
    if on_wayland():
        pytest.skip("a keyboard grab is an X11 thing: Wayland gives keys to the focused window alone")
    keyboard = XKeyboard()
    try:
        entry = pinentry()
        assert entry.ask(f"OPTION {option}") == ["OK"]
        entry.send("GETPIN")
        application = entry.application()
        focused_field(application, "password text")
        if grabs:
            wait_for(lambda: not keyboard.can_grab(), what="the panel to hold the keyboard")
        else:
            assert keyboard.can_grab()
        # Keys still reach the panel, and the keyboard is free once it has closed.
        type_text("held")
        keys("Return")
        assert entry.answer() == ["D held", "OK"]
        wait_for(keyboard.can_grab, what="the keyboard to be free again")
    finally:
        keyboard.close()


def test_a_display_named_by_gpg_agent_is_used_when_the_environment_has_none(display, pinentry):
    if on_wayland():
        pytest.skip("gpg-agent names an X display (--display, OPTION display); this session is Wayland")
    entry = pinentry(without=("DISPLAY", "WAYLAND_DISPLAY"))
    assert entry.ask(f"OPTION display={os.environ['DISPLAY']}") == ["OK"]
    entry.send("GETPIN")
    answer(entry.application(), "shown")
    assert entry.answer() == ["D shown", "OK"]


def test_the_panel_leaves_the_screen_before_the_next_command(display, pinentry):
    # Between commands the pinentry waits for gpg-agent and runs no main loop, so it answers no
    # AT-SPI call then: the X server says what is on screen.
    if on_wayland():
        pytest.skip("what is mapped is read from the X server (xdotool search); Wayland has no such list")
    entry = pinentry()
    entry.send("GETPIN")
    application = entry.application()
    answer(application, "first")
    assert entry.answer() == ["D first", "OK"]

    def visible_windows():
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(entry.process.pid)],
                               capture_output=True, text=True)
        return found.stdout.split()
    # gpg-agent checks the passphrase before it asks again: meanwhile no panel is showing.
    wait_for(lambda: not visible_windows(), timeout=5, what="the panel to leave the screen")
