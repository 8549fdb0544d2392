"""The password prompts and the desktop's keyring: a real Secret Service (gnome-keyring-daemon on a
session bus of the test's own, unlocked with a known password, or locked, or absent), secret-tool as
the independent reader and writer, and the real clients: gpg and gpg-agent, ssh-add, git and git's
own libsecret helper, and Debian's pinentry-gtk2 (built with libsecret), each reading what EntryKit
stored and EntryKit reading what they store.

"No window on screen" is made certain, not looked for: the prompt runs with a display that does not
exist, so it could not show one, and still answers."""
import os
import pathlib
import shutil
import signal
import subprocess
import tempfile

import pytest

from atspi_driver import application_with_pid, find, find_all, keys, press, states, wait_for
from secret_service import SecretService
from test_password_prompts import PASSPHRASE, Prompt, answer, finish, focused_field, git_fill
from test_password_prompts import pinentry  # noqa: F401  (the fixture: each pinentry is ended after its test)

KEYGRIP = "n/0123456789ABCDEF0123456789ABCDEF01234567"
PINENTRY_ITEM = {"xdg:schema": "org.gnupg.Passphrase", "keygrip": KEYGRIP}
GETPIN = ["OPTION allow-external-password-cache", f"SETKEYINFO {KEYGRIP}", "SETPROMPT Passphrase:"]


@pytest.fixture
def secret_service():
    """Starts a Secret Service of the test's own: `secret_service(state)`, stopped after."""
    started = []

    def start(state="unlocked"):
        # Short: the bus's socket path must fit a sockaddr_un.
        started.append(SecretService(pathlib.Path(tempfile.mkdtemp(prefix="ek-kr-", dir="/tmp")), state))
        return started[-1]

    yield start
    for service in started:
        service.stop()


@pytest.fixture
def spawned():
    """Processes a test starts (the clients, and the prompts they run, by the ids their wrappers
    record), ended after it if a failure left them running: a dialog left on screen would hold
    the keyboard from the next test."""
    processes, prompts = [], []
    yield processes, prompts
    for process in processes:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
    for prompt in prompts:
        for pid in prompt.runs():
            # Only a prompt still running: an id the system has given to another process since
            # (the machine runs other people's tests too) is left alone.
            try:
                if os.path.realpath(f"/proc/{pid}/exe") == os.path.realpath(prompt.binary):
                    os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def without_a_display(environment):
    """`environment` with an X display that does not exist and no Wayland one: a prompt run so
    cannot show a window, and fails if it tries."""
    number = next(n for n in range(9000, 9100) if not pathlib.Path(f"/tmp/.X11-unix/X{n}").exists())
    return {**{k: v for k, v in environment.items() if k != "WAYLAND_DISPLAY"}, "DISPLAY": f":{number}",
            "GDK_BACKEND": "x11"}


def converse(binary, environment, lines):
    """`entrykit pinentry` (or another pinentry, `binary` a list) given `lines` and BYE, to its end."""
    command = [str(binary), "pinentry"] if not isinstance(binary, list) else binary
    finished = subprocess.run(command, input="".join(line + "\n" for line in [*lines, "BYE"]), env=environment,
                              capture_output=True, text=True, timeout=60)
    return finished.stdout.splitlines(), finished.stderr


def check_box(application, name):
    return find(application, role="check box", name=name, showing=True)


def tick(box):
    """Ticks the check box as an assistive technology's click does, and sees it ticked."""
    assert "checked" not in states(box), "the box must be off when the dialog opens"
    press(box)
    wait_for(lambda: "checked" in states(box), what=f"{box.name!r} ticked")


def answer_remembering(application, box_name, text, field_name=None):
    """Ticks the box named `box_name` and answers `text` in the focused password field, as a person
    who wants it remembered does."""
    focused_field(application, "password text", field_name)
    tick(check_box(application, box_name))
    answer(application, text, name=field_name)


def stderr_lines(text):
    return [line for line in text.splitlines() if line.strip()]


# MARK: pinentry: pinentry's own password cache (schema org.gnupg.Passphrase)

def test_pinentry_keeps_a_ticked_passphrase_where_secret_tool_and_pinentry_gtk2_find_it(binary, display,
                                                                                    secret_service, pinentry):
    service = secret_service()
    entry = pinentry(env=service.environment)
    for line in GETPIN:
        assert entry.ask(line) == ["OK"]
    entry.send("GETPIN")
    answer_remembering(entry.application(), "Save in password manager", PASSPHRASE, "Passphrase:")
    assert entry.answer() == [f"D {PASSPHRASE}", "OK"]
    entry.close()
    # Stored as pinentry stores it: its schema, attributes and label.
    assert service.lookup(PINENTRY_ITEM) == PASSPHRASE
    [item] = service.items(PINENTRY_ITEM)
    assert (item["label"], item["schema"], item["stored-by"]) == (f"GnuPG: {KEYGRIP}", "org.gnupg.Passphrase",
                                                                 "GnuPG Pinentry")
    # Debian's pinentry-gtk2, given the same conversation, answers from it with no window.
    script = [*GETPIN, "GETPIN"]
    expected = ["OK Pleased to meet you", "OK", "OK", "OK", "S PASSWORD_FROM_CACHE", f"D {PASSPHRASE}", "OK",
                "OK closing connection"]
    assert converse(["pinentry-gtk-2"], without_a_display(service.environment), script)[0] == expected
    # ... and so does EntryKit.
    assert converse(binary, without_a_display(service.environment), script)[0] == expected


def test_pinentry_answers_from_what_pinentrys_schema_holds_without_a_window(binary, secret_service):
    service = secret_service()
    service.store(f"GnuPG: {KEYGRIP}", "100% mine\u00e9", {**PINENTRY_ITEM, "stored-by": "GnuPG Pinentry"})
    lines, stderr = converse(binary, without_a_display(service.environment), [*GETPIN, "GETPIN"])
    assert lines == ["OK Pleased to meet you", "OK", "OK", "OK", "S PASSWORD_FROM_CACHE", "D 100%25 mine\u00e9", "OK",
                     "OK closing connection"]
    assert stderr == ""


@pytest.mark.parametrize("option, label", [("OPTION lc-messages=ja_JP.UTF-8", "パスワードマネージャに保管"),
                                           ("OPTION default-pwmngr=_Keep it in the keyring", "Keep it in the keyring")])
def test_the_box_speaks_gpgs_language_or_says_gpg_agents_label(display, secret_service, option, label, pinentry):
    service = secret_service()
    # As a gpg-agent started with no locale of its own: gpg's language comes as OPTION lc-messages.
    entry = pinentry(env={**service.environment, "LANG": "C.UTF-8"},
                     without=("LANGUAGE", "LC_ALL", "LC_MESSAGES"))
    for line in [option, *GETPIN]:
        assert entry.ask(line) == ["OK"]
    entry.send("GETPIN")
    box = check_box(entry.application(), label)
    assert "checked" not in states(box)
    keys("Escape")
    assert entry.answer() == ["ERR 83886179 Operation cancelled <Pinentry>"]


def test_an_unticked_box_keeps_nothing(display, secret_service, pinentry):
    service = secret_service()
    entry = pinentry(env=service.environment)
    for line in [*GETPIN, "SETREPEAT Repeat:"]:
        assert entry.ask(line) == ["OK"]
    entry.send("GETPIN")
    application = entry.application()
    box = check_box(application, "Save in password manager")
    assert "checked" not in states(box)
    answer(application, PASSPHRASE, name="Passphrase:")
    # The repeat panel asks for the passphrase again, with no second box.
    focused_field(application, "password text", "Repeat:")
    assert not find_all(application, role="check box", showing=True)
    answer(application, PASSPHRASE, name="Repeat:")
    assert entry.answer() == ["S PIN_REPEATED", f"D {PASSPHRASE}", "OK"]
    assert service.items(PINENTRY_ITEM) == []


@pytest.mark.parametrize("setup", [["SETKEYINFO " + KEYGRIP], ["OPTION allow-external-password-cache",
                                                               "SETKEYINFO --clear"]])
def test_without_the_option_or_a_key_nothing_is_looked_up_and_no_box_is_shown(display, secret_service,
                                                                              setup, pinentry):
    service = secret_service()
    service.store(f"GnuPG: {KEYGRIP}", "stored", PINENTRY_ITEM)
    entry = pinentry(env=service.environment)
    for line in setup:
        assert entry.ask(line) == ["OK"]
    entry.send("GETPIN")
    application = entry.application()
    focused_field(application, "password text")
    assert not find_all(application, role="check box", showing=True)
    answer(application, "typed")
    assert entry.answer() == ["D typed", "OK"]


def test_clearpassphrase_removes_the_kept_passphrase(binary, secret_service):
    service = secret_service()
    service.store(f"GnuPG: {KEYGRIP}", "stored", PINENTRY_ITEM)
    lines, _ = converse(binary, without_a_display(service.environment),
                        [f"CLEARPASSPHRASE {KEYGRIP}", f"CLEARPASSPHRASE {KEYGRIP}"])
    assert lines[1:3] == ["OK", "ERR 83886341 Invalid value passed to IPC <Pinentry>"]
    assert service.items(PINENTRY_ITEM) == []


def test_a_passphrase_from_the_keyring_that_gpg_agent_refuses_is_removed(display, secret_service, pinentry):
    service = secret_service()
    service.store(f"GnuPG: {KEYGRIP}", "outdated", PINENTRY_ITEM)
    entry = pinentry(env=service.environment)
    # A dialog where none belongs gives up (Timeout) rather than waiting for ever.
    for line in [*GETPIN, "SETTIMEOUT 10"]:
        assert entry.ask(line) == ["OK"]
    assert entry.ask("GETPIN") == ["S PASSWORD_FROM_CACHE", "D outdated", "OK"]
    # gpg-agent found it wrong and asks again in the same conversation, with its error.
    assert entry.ask("SETTIMEOUT 0") == ["OK"]
    assert entry.ask("SETERROR Bad Passphrase (try 2 of 3)") == ["OK"]
    entry.send("GETPIN")
    application = entry.application()
    focused_field(application, "password text", "Passphrase:")
    assert service.items(PINENTRY_ITEM) == [], "the refused passphrase is still in the keyring"
    answer_remembering(application, "Save in password manager", PASSPHRASE, "Passphrase:")
    assert entry.answer() == [f"D {PASSPHRASE}", "OK"]
    assert service.lookup(PINENTRY_ITEM) == PASSPHRASE


@pytest.fixture
def gnupg_with_a_key(binary, display, secret_service, spawned):
    """A scratch GNUPGHOME with a passphrase-protected signing key, whose agent runs EntryKit as its
    pinentry on the keyring's bus and caches nothing itself."""
    service = secret_service()
    home = pathlib.Path(tempfile.mkdtemp(prefix="ek-gpg-", dir="/tmp"))
    home.chmod(0o700)
    environment = {**service.environment, "GNUPGHOME": str(home)}
    prompt = Prompt(home, binary, "pinentry", environment=environment)
    spawned[1].append(prompt)
    (home / "gpg-agent.conf").write_text(f"pinentry-program {prompt.path}\ndefault-cache-ttl 0\nmax-cache-ttl 0\n")
    (home / "plain.txt").write_text("the plaintext\n")
    made = subprocess.run(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", PASSPHRASE,
                           "--quick-gen-key", "EntryKit Test <test@example.org>", "ed25519", "sign", "never"],
                          env=environment, capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    grip = subprocess.run(["gpg", "--batch", "--with-colons", "--with-keygrip", "--list-secret-keys"], env=environment,
                          capture_output=True, text=True, timeout=30).stdout
    keygrip = next(line.split(":")[9] for line in grip.splitlines() if line.startswith("grp:"))

    def sign():
        signature = home / "plain.sig"
        signature.unlink(missing_ok=True)
        signing = subprocess.Popen(["gpg", "--batch", "--pinentry-mode", "ask", "--local-user", "test@example.org",
                                    "--output", str(signature), "--detach-sign", str(home / "plain.txt")],
                                   env=environment, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        spawned[0].append(signing)
        return signing

    yield service, prompt, environment, keygrip, sign
    subprocess.run(["gpgconf", "--kill", "gpg-agent"], env=environment, capture_output=True)
    shutil.rmtree(home, ignore_errors=True)


def test_gpg_signs_asking_once_then_from_the_keyring_until_gpg_agent_clears_it(gnupg_with_a_key):
    service, prompt, environment, keygrip, sign = gnupg_with_a_key
    signing = sign()
    answer_remembering(prompt.application(0), "Save in password manager", PASSPHRASE)
    status, _, stderr = finish(signing)
    assert status == 0, stderr
    item = {"xdg:schema": "org.gnupg.Passphrase", "keygrip": f"n/{keygrip}"}
    assert service.lookup(item) == PASSPHRASE

    # Again, the agent caching nothing: its pinentry runs, with no display it could show a
    # window on, and answers from the keyring.
    prompt.write(without_a_display(environment))
    status, _, stderr = finish(sign())
    assert status == 0, stderr
    assert len(prompt.runs()) == 2
    verified = subprocess.run(["gpg", "--batch", "--verify", str(pathlib.Path(environment["GNUPGHOME"]) / "plain.sig"),
                               str(pathlib.Path(environment["GNUPGHOME"]) / "plain.txt")], env=environment,
                              capture_output=True, text=True, timeout=30)
    assert verified.returncode == 0, verified.stderr

    # gpg-agent's CLEAR_PASSPHRASE sends the pinentry CLEARPASSPHRASE: the keyring forgets it.
    cleared = subprocess.run(["gpg-connect-agent", f"CLEAR_PASSPHRASE --mode=normal {keygrip}", "/bye"],
                             env=environment, capture_output=True, text=True, timeout=30)
    assert cleared.stdout.strip() == "OK", cleared.stdout + cleared.stderr
    assert service.items(item) == []


# MARK: pinentry with no keyring, or a locked one

def test_with_no_secret_service_the_dialog_asks_as_before_and_says_why_once(display, secret_service, pinentry):
    service = secret_service("absent")
    entry = pinentry(env=service.environment)
    for line in GETPIN:
        assert entry.ask(line) == ["OK"]
    entry.send("GETPIN")
    application = entry.application()
    focused_field(application, "password text", "Passphrase:")
    assert not find_all(application, role="check box", showing=True)
    answer(application, PASSPHRASE, name="Passphrase:")
    assert entry.answer() == [f"D {PASSPHRASE}", "OK"]
    # A second GETPIN does not ask the missing keyring again.
    entry.send("GETPIN")
    answer(entry.application(), "second")
    assert entry.answer() == ["D second", "OK"]
    assert entry.ask("BYE") == ["OK closing connection"]
    _, stderr = entry.process.communicate(timeout=30)
    [line] = stderr_lines(stderr)
    assert "no keyring" in line and "org.freedesktop.secrets" in line


def test_a_locked_keyring_whose_unlock_is_cancelled_leaves_the_dialog_as_before(display, secret_service, pinentry):
    service = secret_service()
    service.store(f"GnuPG: {KEYGRIP}", "stored", PINENTRY_ITEM)
    service.lock()
    entry = pinentry(env=service.environment)
    for line in GETPIN:
        assert entry.ask(line) == ["OK"]
    entry.send("GETPIN")
    # gnome-keyring asks for the keyring's password in its own prompt; the person cancels it.
    prompter = wait_for(lambda: next(iter(find_all_applications("gcr-prompter")), None), what="gcr-prompter")
    press(find(prompter, role="push button", name="Cancel", showing=True))
    application = entry.application()
    focused_field(application, "password text", "Passphrase:")
    assert not find_all(application, role="check box", showing=True)
    answer(application, PASSPHRASE, name="Passphrase:")
    assert entry.answer() == [f"D {PASSPHRASE}", "OK"]
    assert entry.ask("BYE") == ["OK closing connection"]
    _, stderr = entry.process.communicate(timeout=30)
    assert stderr_lines(stderr) == []
    # The keyring still holds what it held, still locked: nothing was removed, stored or unlocked.
    [item] = service.items(PINENTRY_ITEM)
    assert item["label"] == f"GnuPG: {KEYGRIP}" and "secret" not in item


@pytest.mark.parametrize("state", ["absent", "locked"])
def test_askpass_with_no_keyring_or_a_locked_one_asks_for_an_ssh_key_as_before(binary, display, secret_service,
                                                                               spawned, tmp_path, state):
    service = secret_service("unlocked" if state == "locked" else "absent")
    key = tmp_path / "id_ed25519"
    key.write_text("the askpass only checks that the key file is there\n")
    if state == "locked":
        service.store("Unlock password for: x", "stored", {"unique": f"ssh-store:{key}",
                                                           "xdg:schema": "org.freedesktop.Secret.Generic"})
        service.lock()
    process = subprocess.Popen([str(binary), "askpass", f"Enter passphrase for {key}: "], env=service.environment,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    spawned[0].append(process)
    if state == "locked":
        prompter = wait_for(lambda: next(iter(find_all_applications("gcr-prompter")), None), what="gcr-prompter")
        press(find(prompter, role="push button", name="Cancel", showing=True))
    application = wait_for(lambda: application_with_pid(process.pid), what="the askpass")
    focused_field(application, "password text")
    assert not find_all(application, role="check box", showing=True)
    answer(application, "typed")
    status, stdout, stderr = finish(process)
    assert (status, stdout) == (0, "typed\n"), stderr
    if state == "absent":
        [line] = stderr_lines(stderr)
        assert "no keyring" in line and "not remembered" in line
    else:
        assert stderr_lines(stderr) == []


def find_all_applications(name):
    import pyatspi
    desktop = pyatspi.Registry.getDesktop(0)
    return [application for application in desktop if application is not None and application.name == name]


# MARK: askpass: ssh key passphrases as gnome-keyring's ssh agent keeps them

@pytest.fixture
def ssh_keyring(binary, display, secret_service, spawned):
    """A passphrase-protected key, a private ssh-agent, EntryKit as ssh-add's askpass on the
    keyring's bus, and the keyring item gnome-keyring's agent would keep the passphrase as."""
    service = secret_service()
    directory = pathlib.Path(tempfile.mkdtemp(prefix="ek-ssh-", dir="/tmp"))
    key = directory / "id_ed25519"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", PASSPHRASE, "-C", "ada@keyring-test", "-f", str(key)],
                   check=True, timeout=30)
    socket = directory / "agent.sock"
    environment = {**service.environment, "SSH_AUTH_SOCK": str(socket), "SSH_ASKPASS_REQUIRE": "force"}
    prompt = Prompt(directory, binary, "askpass", environment=environment)
    spawned[1].append(prompt)
    environment["SSH_ASKPASS"] = str(prompt.path)
    agent = subprocess.Popen(["ssh-agent", "-D", "-a", str(socket)], env=environment, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    wait_for(socket.exists, what="ssh-agent's socket")

    def add():
        spawned[0].append(subprocess.Popen(["ssh-add", str(key)], env=environment, stdin=subprocess.DEVNULL,
                                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        return spawned[0][-1]

    def listed():
        return subprocess.run(["ssh-add", "-l"], env=environment, capture_output=True, text=True).stdout

    item = {"unique": f"ssh-store:{key}"}
    yield service, prompt, environment, key, item, add, listed
    agent.terminate()
    agent.wait(timeout=10)
    shutil.rmtree(directory, ignore_errors=True)


def test_ssh_add_remembers_a_ticked_passphrase_as_gnome_keyring_and_then_asks_nothing(ssh_keyring):
    service, prompt, environment, key, item, add, listed = ssh_keyring
    adding = add()
    answer_remembering(prompt.application(0), "Remember in keyring", PASSPHRASE)
    status, _, stderr = finish(adding)
    assert status == 0, stderr
    assert "ada@keyring-test" in listed()
    [stored] = service.items(item)
    assert (stored["secret"], stored["schema"], stored["label"]) == (PASSPHRASE, "org.freedesktop.Secret.Generic",
                                                                     "Unlock password for: ada@keyring-test")
    # Removed from the agent, the key is added again from the keyring: no display to show a panel on.
    subprocess.run(["ssh-add", "-D"], env=environment, capture_output=True, check=True)
    prompt.write(without_a_display(environment))
    status, _, stderr = finish(add())
    assert status == 0, stderr
    assert "ada@keyring-test" in listed()


def test_ssh_add_takes_a_passphrase_gnome_keyring_stored_and_a_refused_one_is_removed(ssh_keyring):
    service, prompt, environment, key, item, add, listed = ssh_keyring
    service.store("Unlock password for: ada@keyring-test", PASSPHRASE,
                  {**item, "xdg:schema": "org.freedesktop.Secret.Generic"})
    prompt.write(without_a_display(environment))
    status, _, stderr = finish(add())
    assert status == 0, stderr
    assert "ada@keyring-test" in listed()
    subprocess.run(["ssh-add", "-D"], env=environment, capture_output=True, check=True)

    # An outdated passphrase: ssh-add says "Bad passphrase, try again for …", and that prompt
    # removes it and asks the person.
    service.store("Unlock password for: ada@keyring-test", "outdated",
                  {**item, "xdg:schema": "org.freedesktop.Secret.Generic"})
    prompt.write(environment)
    adding = add()
    application = prompt.application(2)
    assert any(label.startswith("Bad passphrase, try again for") for label in
               {label.name for label in find_all(application, role="label", showing=True)})
    focused_field(application, "password text")
    assert service.items(item) == [], "the refused passphrase is still in the keyring"
    assert "checked" not in states(check_box(application, "Remember in keyring"))
    answer(application, PASSPHRASE)
    status, _, stderr = finish(adding)
    assert status == 0, stderr
    assert service.items(item) == []


def test_ssh_asking_again_for_the_key_the_keyring_answered_removes_it(binary, display, ssh_keyring, spawned):
    """ssh (not ssh-add) asks the same question again when a passphrase is wrong: the same process
    asking again for the key the keyring answered is a refusal."""
    service, prompt, environment, key, item, add, listed = ssh_keyring
    service.store("Unlock password for: ada@keyring-test", "outdated",
                  {**item, "xdg:schema": "org.freedesktop.Secret.Generic"})
    question = f"Enter passphrase for key '{key}': "
    # This test process is the ssh: one parent runs the askpass twice.
    first = subprocess.run([str(binary), "askpass", question], env=without_a_display(environment),
                           capture_output=True, text=True, timeout=60)
    assert (first.returncode, first.stdout) == (0, "outdated\n"), first.stderr
    second = subprocess.Popen([str(binary), "askpass", question], env=environment, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    spawned[0].append(second)
    application = wait_for(lambda: application_with_pid(second.pid), what="the askpass asking the person")
    focused_field(application, "password text")
    assert service.items(item) == []
    answer(application, PASSPHRASE)
    assert finish(second)[:2] == (0, PASSPHRASE + "\n")


def test_sudos_and_gits_questions_never_touch_the_keyring(binary, display, secret_service, spawned):
    service = secret_service("absent")
    for question in ("[sudo] password for ada: ", "Password for 'https://ada@example.org': "):
        process = subprocess.Popen([str(binary), "askpass", question], env=service.environment,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        spawned[0].append(process)
        application = wait_for(lambda: application_with_pid(process.pid), what="the askpass")
        focused_field(application, "password text")
        assert not find_all(application, role="check box", showing=True)
        answer(application, "typed")
        assert finish(process) == (0, "typed\n", "")


# MARK: git: the credential helper, as git's libsecret helper keeps credentials

def credential_helper_on_path(binary, tmp_path, service, spawned):
    """`git-credential-entrykit` on PATH for a git configured by nothing else, on `service`'s bus:
    the helpers' folder, the helper (a Prompt) and the environment."""
    helpers = tmp_path / "bin"
    helpers.mkdir()
    environment = {**service.environment, "GIT_TERMINAL_PROMPT": "0", "GIT_CONFIG_NOSYSTEM": "1",
                   "HOME": str(tmp_path), "PATH": f"{helpers}:{os.environ['PATH']}"}
    prompt = Prompt(helpers, binary, "credential", environment=environment)
    prompt.path.rename(helpers / "git-credential-entrykit")
    prompt.path = helpers / "git-credential-entrykit"
    spawned[1].append(prompt)
    return helpers, prompt, environment


@pytest.fixture
def git_helpers(binary, tmp_path, secret_service, spawned):
    """`git-credential-entrykit` and Debian's own `git-credential-libsecret` (built from the source
    Debian's git ships) on PATH, on the keyring's bus."""
    service = secret_service()
    helpers, prompt, environment = credential_helper_on_path(binary, tmp_path, service, spawned)
    build = tmp_path / "libsecret"
    shutil.copytree(pathlib.Path("/usr/share/doc/git/contrib/credential/libsecret"), build)
    made = subprocess.run(["make", "-C", str(build)], capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stdout + made.stderr
    (helpers / "git-credential-libsecret").symlink_to(build / "git-credential-libsecret")
    return service, prompt, environment


def git(environment, helper, action, request, *config):
    options = [word for setting in (f"credential.helper={helper}", *config) for word in ("-c", setting)]
    return subprocess.run(["git", *options, "credential", action], input=request, env=environment,
                          capture_output=True, text=True, timeout=60)


REQUEST = "protocol=https\nhost=git.example.com:8443\npath=team/repo.git\n"
NETWORK_ITEM = {"xdg:schema": "org.gnome.keyring.NetworkPassword", "protocol": "https", "server": "git.example.com",
                "port": "8443", "object": "team/repo.git", "user": "ada"}


def test_git_fill_answers_from_the_keyring_after_approve_and_gits_helper_finds_it(git_helpers):
    service, prompt, environment = git_helpers
    approved = git(environment, "entrykit", "approve", REQUEST + f"username=ada\npassword={PASSPHRASE}\n\n",
                   "credential.useHttpPath=true")
    assert approved.returncode == 0, approved.stderr
    [item] = service.items(NETWORK_ITEM)
    assert (item["secret"], item["label"]) == (PASSPHRASE, "Git: https://git.example.com:8443/team/repo.git")
    expected = REQUEST + f"username=ada\npassword={PASSPHRASE}\n"
    # git fill with no display to show a panel on: EntryKit answers from the keyring...
    prompt.write(without_a_display(environment))
    filled = git(without_a_display(environment), "entrykit", "fill", REQUEST + "\n", "credential.useHttpPath=true")
    assert (filled.returncode, filled.stdout) == (0, expected), filled.stderr
    # ... and so does git's own libsecret helper.
    filled = git(environment, "libsecret", "fill", REQUEST + "\n", "credential.useHttpPath=true")
    assert (filled.returncode, filled.stdout) == (0, expected), filled.stderr
    # reject: git's erase removes it.
    rejected = git(environment, "entrykit", "reject", REQUEST + f"username=ada\npassword={PASSPHRASE}\n\n",
                   "credential.useHttpPath=true")
    assert rejected.returncode == 0, rejected.stderr
    assert service.items(NETWORK_ITEM) == []


@pytest.mark.parametrize("schema", ["org.gnome.keyring.NetworkPassword", "org.git.Password"])
def test_a_credential_git_stored_under_either_schema_answers_without_a_panel(git_helpers, schema):
    service, prompt, environment = git_helpers
    if schema == "org.gnome.keyring.NetworkPassword":
        # Stored by Debian 12's git through its libsecret helper.
        stored = git(environment, "libsecret", "approve", "protocol=https\nhost=example.org\nusername=bob\n"
                     "password=pass word\n\n")
        assert stored.returncode == 0, stored.stderr
        secret, extra = "pass word", ""
    else:
        # As git 2.41 and later store it: their schema, and the fields after the password.
        service.store("Git: https://example.org/", "pass word\npassword_expiry_utc=4102444800\noauth_refresh_token=rt",
                      {"xdg:schema": schema, "protocol": "https", "server": "example.org", "user": "bob"})
        secret, extra = "pass word", "password_expiry_utc=4102444800\noauth_refresh_token=rt\n"
    prompt.write(without_a_display(environment))
    got = subprocess.run([str(prompt.path), "get"], input="protocol=https\nhost=example.org\n\n",
                         env=without_a_display(environment), capture_output=True, text=True, timeout=60)
    assert (got.returncode, got.stdout) == (0, f"username=bob\npassword={secret}\n{extra}"), got.stderr


def test_git_with_no_keyring_asks_in_the_panel_and_store_says_why_once(binary, display, secret_service, tmp_path,
                                                                      spawned):
    _, prompt, environment = credential_helper_on_path(binary, tmp_path, secret_service("absent"), spawned)
    process, request = git_fill(environment, "credential.helper=entrykit",
                                request="protocol=https\nhost=example.org\nusername=ada\n\n")
    spawned[0].append(process)
    process.stdin.write(request)
    process.stdin.flush()
    application = prompt.application(0)
    answer(application, PASSPHRASE, name="Password")
    stdout, stderr = process.communicate(timeout=30)
    assert (process.returncode, stdout) == (0, f"protocol=https\nhost=example.org\nusername=ada\npassword={PASSPHRASE}\n")
    assert stderr == ""
    stored = subprocess.run([str(prompt.path), "store"], input=f"protocol=https\nhost=example.org\nusername=ada\n"
                            f"password={PASSPHRASE}\n\n", env=environment, capture_output=True, text=True, timeout=60)
    assert stored.returncode == 1
    [line] = stderr_lines(stored.stderr)
    assert "no keyring" in line and "not kept" in line


# MARK: where the secret goes

def test_a_passphrase_from_the_keyring_or_saved_to_it_is_nowhere_in_readable_memory_after(display,
                                                                                         secret_service, pinentry):
    """keyring -> locked memory -> out: once pinentry has answered from the keyring, and once it
    has saved a typed passphrase there, no readable byte of the process holds it (the test reads
    as root, through a /proc/PID/mem opened when the process started)."""
    from test_login_attacks import _readable_memory
    service = secret_service()
    stored, typed = "kept in the keyring 7", "typed then saved 9"
    service.store(f"GnuPG: {KEYGRIP}", stored, PINENTRY_ITEM)
    entry = pinentry(env=service.environment)
    mem = open(f"/proc/{entry.process.pid}/mem", "rb", buffering=0)
    try:
        for line in [*GETPIN, "SETTIMEOUT 10"]:
            assert entry.ask(line) == ["OK"]
        assert entry.ask("GETPIN") == ["S PASSWORD_FROM_CACHE", f"D {stored}", "OK"]
        assert entry.ask("SETTIMEOUT 0") == ["OK"]
        memory = _readable_memory(entry.process.pid, mem)
        assert KEYGRIP.encode() in memory, "what is not secret, the key's name, is found (the check is real)"
        assert stored.encode() not in memory, "the passphrase from the keyring is in readable memory"

        assert entry.ask("SETERROR Bad Passphrase") == ["OK"]
        entry.send("GETPIN")
        answer_remembering(entry.application(), "Save in password manager", typed, "Passphrase:")
        assert entry.answer() == [f"D {typed}", "OK"]
        assert service.lookup(PINENTRY_ITEM) == typed
        memory = _readable_memory(entry.process.pid, mem)
        assert typed.encode() not in memory, "the passphrase saved to the keyring is in readable memory"
    finally:
        mem.close()
