"""`entrykit polkit-agent` as polkit's authentication agent, with Debian's real polkitd, pkcheck,
pkexec and polkit-agent-helper-1 (polkit_system.py starts them): the agent registers for a
scratch user's process, pkcheck asks polkit about that process, and the dialog is driven over
AT-SPI alone (text set through EditableText, buttons through Action: no key is pressed), on X11
and on Wayland. What polkit decided is pkcheck's exit status: 0 authorized, 1 not, 3 dismissed."""
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

import pytest

from atspi_driver import application_with_pid, find, find_all, on_wayland, press, states, text_of, wait_for
from polkit_system import ADA, ADMIN_ACTION, BOB, SELF_ACTION, PolkitSystem, finished
from screen import cpu_seconds, settled_window_pixels, wait_until_on_screen
from test_languages import ENGLISH_VARIANTS, SHIPPED, WORD, english_words, kept_in_english, stock_word
from test_login_attacks import _readable_memory as readable_memory
from test_password_prompts import XKeyboard

TITLE = "Authentication Required"
FAILED = "Authentication failed. Try again."
# PAM makes a wrong password wait about 2 s before it fails; a dialog under load takes longer.
VERDICT_TIMEOUT = 30
# CPU the agent may use over IDLE_SPAN seconds of waiting (as test_on_screen.py allows a dialog).
IDLE_SPAN = 2.0
IDLE_CPU = 0.1


@pytest.fixture(scope="module")
def polkit():
    system = PolkitSystem()
    try:
        system.start()
        yield system
    finally:
        system.stop()


class Agent:
    """`entrykit polkit-agent ARGS` registered: started with --notify-fd on a pipe, and waited for
    until it closes the pipe (what systemctl and scripts wait for)."""

    def __init__(self, binary, *args, env=None, notify=True, **popen):
        read, write = os.pipe()
        words = [*args, "--notify-fd", str(write)] if notify else list(args)
        environment = {**os.environ, "LANGUAGE": "en", **(env or {})}
        self.process = subprocess.Popen([str(binary), "polkit-agent", *words], env=environment, pass_fds=(write,),
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, **popen)
        os.close(write)
        with os.fdopen(read, "rb") as pipe:
            # EOF: the agent closed the descriptor (registered), or ended.
            self.notified = pipe.read() == b""
        if notify:
            assert self.process.poll() is None, f"the agent ended: {self.process.communicate()}"

    @property
    def application(self):
        return wait_for(lambda: application_with_pid(self.process.pid), what="the agent on the accessibility bus")

    def dialog(self):
        """The authentication dialog on screen."""
        return find(self.application, role="dialog", name=TITLE, showing=True)

    def has_no_dialog(self):
        application = application_with_pid(self.process.pid)
        return application is not None and not find_all(application, role="dialog", showing=True)

    def stop(self):
        """SIGTERM, as a session ends it; returns (status, stdout, stderr)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return finished(self.process, timeout=30)


@pytest.fixture
def agent(binary, polkit, display):
    started = []

    def start(*args, **options):
        started.append(Agent(binary, *args, **options))
        return started[-1]

    yield start
    for running in started:
        if running.process.poll() is None:
            running.process.kill()
            running.process.communicate()


def assert_idles(running, when):
    """A resident agent uses no CPU while it waits, nor while its dialog waits for the person
    (one that spun at 99 % would be on all day)."""
    before = cpu_seconds(running.process.pid)
    time.sleep(IDLE_SPAN)
    used = cpu_seconds(running.process.pid) - before
    assert used <= IDLE_CPU, f"{when}, the agent used {used:.2f} s of CPU in {IDLE_SPAN} s"


def asked(agent, polkit, action=SELF_ACTION, env=None):
    """An agent serving a process of Ada's, and a pkcheck asking about that process: (the agent,
    the pkcheck, the process id)."""
    subject = polkit.subject(ADA)
    running = agent("--process", str(subject), env=env)
    return running, polkit.pkcheck(subject, action), subject


def labels(root):
    return [label.name for label in find_all(root, role="label", showing=True)]


def authenticate(dialog, password):
    """Fills the password as an assistive technology does and presses Authenticate."""
    field = wait_for(lambda: next((f for f in find_all(dialog, role="password text", showing=True)
                                   if "sensitive" in states(f)), None), what="the password field, taking input")
    assert field.queryEditableText().setTextContents(password)
    wait_for(lambda: field.queryText().characterCount == len(password), what="the password in the field")
    press(find(dialog, role="push button", name="Authenticate", showing=True))


# MARK: Registering

def test_registers_for_a_process_closes_the_notify_fd_and_authorizes_with_the_right_password(agent, polkit, tmp_path):
    subject = polkit.subject(ADA)
    running = agent("--process", str(subject))
    assert running.notified
    assert_idles(running, "registered, waiting for a request")
    baseline = settled_window_pixels()
    check = polkit.pkcheck(subject, SELF_ACTION)
    dialog = running.dialog()
    wait_until_on_screen(baseline, 0.0, running.process)
    assert_idles(running, "its dialog up")
    shown = labels(dialog)
    assert "Authentication is needed to test the agent" in shown
    assert SELF_ACTION in shown, "the action id is shown"
    # polkit offers the user alone (auth_self): named, no picker.
    assert ADA.shown in shown and not find_all(dialog, role="combo box", showing=True)
    authenticate(dialog, ADA.password)
    assert finished(check)[0] == 0
    wait_for(running.has_no_dialog, what="the dialog to close")
    status, _, stderr = running.stop()
    assert status == 0, stderr


def test_a_wrong_password_shows_why_and_the_right_one_then_authorizes(agent, polkit):
    running, check, _ = asked(agent, polkit)
    dialog = running.dialog()
    authenticate(dialog, "not " + ADA.password)
    wait_for(lambda: FAILED in labels(dialog), timeout=VERDICT_TIMEOUT, what="the failure shown in the dialog")
    assert check.poll() is None, "a wrong password must not answer polkit"
    password = find(dialog, role="password text", showing=True)
    assert password.queryText().characterCount == 0, "the wrong password is cleared"
    assert FAILED in password.description, "a screen reader hears why"
    authenticate(dialog, ADA.password)
    assert finished(check)[0] == 0


def test_cancel_dismisses_the_request(agent, polkit):
    running, check, _ = asked(agent, polkit)
    press(find(running.dialog(), role="push button", name="Cancel", showing=True))
    status, stdout, stderr = finished(check)
    assert status == 3, (stdout, stderr)
    wait_for(running.has_no_dialog, what="the dialog to close")
    assert running.process.poll() is None, "the agent goes on serving"


def test_two_administrators_are_offered_in_a_picker_and_the_other_one_authenticates(agent, polkit):
    running, check, _ = asked(agent, polkit, ADMIN_ACTION)
    dialog = running.dialog()
    picker = find(dialog, role="combo box", name="User", showing=True)
    # The agent runs as root, whom polkit does not offer: the first offered is picked.
    assert text_of(picker) == BOB.shown
    assert "unix-user" not in " ".join(labels(dialog) + [text_of(picker)])
    press(picker, "press")
    listbox = wait_for(lambda: next(iter(find_all(running.application, role="list", showing=True)), None),
                       what="the picker's list")
    names = [listbox.getChildAtIndex(i).name for i in range(listbox.childCount)]
    assert names == [BOB.shown, ADA.shown]
    listbox.querySelection().selectChild(names.index(ADA.shown))
    wait_for(lambda: text_of(picker) == ADA.shown, what="Ada picked")
    wait_for(lambda: "expanded" not in states(picker), what="the picker closed")
    # Ada's password authenticates only if the attempt is now Ada's.
    authenticate(dialog, ADA.password)
    assert finished(check)[0] == 0


def test_pkexec_runs_the_program_as_root_and_its_command_line_is_in_the_details(agent, polkit, tmp_path):
    """pkexec's subject is the process that runs it: a shell of Ada's that waits for the agent.
    polkitd passes on no detail pkexec gives it; the details name the process that asks (pkexec,
    with the program and its arguments) and the one it asks for (the shell), read from /proc."""
    script = "read go; pkexec /usr/bin/id -u; exit $?"
    shell = subprocess.Popen(["sh", "-c", script], user=ADA.name, group=ADA.name, extra_groups=[], cwd="/",
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    polkit.subjects.append(shell)
    running = agent("--process", str(shell.pid))
    shell.stdin.write("go\n")
    shell.stdin.flush()
    dialog = running.dialog()
    assert "Authentication is needed to run `/usr/bin/id' as the super user" in labels(dialog)
    assert "org.freedesktop.policykit.exec" in labels(dialog)
    expander = find(dialog, role="toggle button", name="Details", showing=True)
    assert "pkexec /usr/bin/id -u" not in labels(dialog), "the details wait to be asked for"
    press(expander, "activate")
    wait_for(lambda: "pkexec /usr/bin/id -u" in labels(dialog), what="pkexec's command line in the details")
    shown = labels(dialog)
    assert {"Program", "On behalf of", f"sh -c '{script}'"} <= set(shown), shown
    assert not [label for label in shown if label.startswith("polkit.")], "polkit's own keys are left out"
    # pkexec needs an administrator: polkit offers both, Bob first.
    authenticate(dialog, BOB.password)
    status, stdout, stderr = finished(shell)
    assert (status, stdout) == (0, "0\n"), stderr


def test_the_dialog_closes_when_the_program_that_asked_goes_away(agent, polkit):
    running, check, subject = asked(agent, polkit)
    running.dialog()
    check.kill()
    check.communicate()
    wait_for(running.has_no_dialog, timeout=VERDICT_TIMEOUT, what="the dialog to close when pkcheck went away")
    # Still serving: the next request gets a dialog of its own.
    again = polkit.pkcheck(subject, SELF_ACTION)
    authenticate(running.dialog(), ADA.password)
    assert finished(again)[0] == 0


def test_two_authentications_in_a_row_and_one_asked_while_another_is_up(agent, polkit):
    subject = polkit.subject(ADA)
    running = agent("--process", str(subject))
    for _ in range(2):
        check = polkit.pkcheck(subject, SELF_ACTION)
        authenticate(running.dialog(), ADA.password)
        assert finished(check)[0] == 0
        wait_for(running.has_no_dialog, what="the dialog to close")
    # Two at once: the second waits for its turn, then gets its own dialog.
    first = polkit.pkcheck(subject, SELF_ACTION)
    dialog = running.dialog()
    second = polkit.pkcheck(subject, ADMIN_ACTION)
    wait_for(lambda: len(find_all(running.application, role="dialog", showing=True)) == 1, what="one dialog")
    assert SELF_ACTION in labels(dialog)
    authenticate(dialog, ADA.password)
    assert finished(first)[0] == 0
    following = wait_for(lambda: next((d for d in find_all(running.application, role="dialog", name=TITLE, showing=True)
                                       if ADMIN_ACTION in labels(d)), None), what="the second request's dialog")
    press(find(following, role="push button", name="Cancel", showing=True))
    assert finished(second)[0] == 3


def test_the_password_reads_only_as_bullets_over_atspi(agent, polkit):
    running, check, _ = asked(agent, polkit)
    dialog = running.dialog()
    field = find(dialog, role="password text", name="Password", showing=True)
    assert field.queryEditableText().setTextContents("hunter2")
    wait_for(lambda: field.queryText().characterCount == 7, what="the text in the field")
    text = field.queryText().getText(0, -1)
    assert len(text) == 7 and not set(text) & set("hunter2"), text
    press(find(dialog, role="push button", name="Cancel", showing=True))
    assert finished(check)[0] == 3


def test_in_german_no_english_word_is_shown(agent, binary, polkit):
    """The dialog's words from EntryKit's German table, GTK's for the stock ones; the action's
    message from the policy's German translation, which polkit picks from LANG; a failed try in
    German too."""
    def german(key):
        return subprocess.run([str(binary), "strings", "lookup", key], capture_output=True, text=True, timeout=30,
                              env={**os.environ, "LANGUAGE": "de"}, check=True).stdout.strip()
    # The dialog's English words that German writes otherwise ("Details" is German too).
    keys = ["Authentication Required", "User", "Password", "Cancel", "Details", FAILED]
    english = {key for key in keys if german(key) != key} | {"Authenticate",
                                                            "Authentication is needed to test the agent as an administrator"}
    assert len(english) >= 6
    running, check, _ = asked(agent, polkit, ADMIN_ACTION, env={"LANGUAGE": "de", "LANG": "de_DE.UTF-8"})
    dialog = wait_for(lambda: next(iter(find_all(running.application, role="dialog", showing=True)), None),
                      what="the dialog")

    def shown():
        return {node.name for node in find_all(dialog, showing=True) if node.name} | set(labels(dialog))
    assert german("Authentication Required") == dialog.name != "Authentication Required"
    assert "Zum Testen des Agenten als Verwalter ist eine Legitimierung notwendig" in shown()
    assert not shown() & english, shown() & english
    field = find(dialog, role="password text", showing=True)
    assert field.queryEditableText().setTextContents("falsch")
    press(find(dialog, role="push button", name=german("_Authenticate").replace("_", ""), showing=True))
    failed = german("Authentication failed. Try again.")
    wait_for(lambda: failed in labels(dialog), timeout=VERDICT_TIMEOUT, what=f"the failure in German ({failed})")
    assert not shown() & english, shown() & english
    press(find(dialog, role="push button", name=german("Cancel"), showing=True))
    assert finished(check)[0] == 3


@pytest.mark.parametrize("language", SHIPPED)
def test_every_shipped_language_shows_no_english_word_and_gtks_own_stock_words(agent, polkit, language):
    """As test_languages.py holds the other dialogs: every name, label and button on screen is the
    table's or GTK's, but the action's message and id, which come from polkit and its policy."""
    running, check, _ = asked(agent, polkit, ADMIN_ACTION, env={"LANGUAGE": language, "LANG": "C.UTF-8"})
    dialog = wait_for(lambda: next(iter(find_all(running.application, role="dialog", showing=True)), None),
                      what="the dialog")
    polkits = {"Authentication is needed to test the agent as an administrator", ADMIN_ACTION, BOB.shown}
    names = [(node.getRoleName(), node.name) for node in find_all(dialog, showing=True)
             if node.name and node.name not in polkits]
    names.append(("dialog", dialog.name))
    english = {word.casefold() for word in english_words()} - {word.casefold() for word in kept_in_english(language)}
    if language in ENGLISH_VARIANTS:
        english = set()
    leaks = {shown: sorted({word.casefold() for word in WORD.findall(shown[1])} & english) for shown in names}
    assert not {shown: words for shown, words in leaks.items() if words}, f"{language}: English on screen"
    # GTK's word where GTK's catalog translates it, else the table's (Welsh, Khmer, Urdu: GTK has no Cancel).
    assert stock_word(language, "Cancel") in {name for role, name in names if role == "push button"}
    assert stock_word(language, "Password") in {name for role, name in names if role == "label"}
    press(find(dialog, role="push button", name=stock_word(language, "Cancel"), showing=True))
    assert finished(check)[0] == 3


# MARK: What is refused

@pytest.mark.parametrize("words, message", [
    (("--process", "999999"), "--process 999999: no such process"),
    (("--process",), "--process needs a value"),
    (("--process", "abc"), "--process needs PID or PID,START-TIME"),
    (("--process", "1,1"), "that process started at"),
    (("--notify-fd", "99"), "--notify-fd 99 is not an open file descriptor"),
])
def test_a_bad_or_missing_process_is_a_usage_error_with_no_window(binary, polkit, display, words, message):
    result = subprocess.run([str(binary), "polkit-agent", *words], capture_output=True, text=True, timeout=30,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and result.stdout == ""


def test_without_a_display_it_says_so_in_one_line_and_exits_3(binary):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run([str(binary), "polkit-agent", "--process", str(os.getpid())], capture_output=True, text=True,
                            timeout=30, stdin=subprocess.DEVNULL, env=env)
    assert result.returncode == 3, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot open a display" in lines[0], lines


def test_another_users_process_is_refused_to_a_user(binary, polkit, display, tmp_path):
    """polkit lets only root register for another user's process: the agent says so itself."""
    shared = tempfile.mkdtemp(prefix="entrykit-agent-")
    os.chmod(shared, 0o755)
    try:
        program = shutil.copy2(binary, os.path.join(shared, "entrykit"))
        bobs = polkit.subject(BOB)
        result = subprocess.run([program, "polkit-agent", "--process", str(bobs)], capture_output=True, text=True,
                                timeout=30, user=ADA.name, group=ADA.name, extra_groups=[], cwd="/",
                                env={"PATH": os.environ["PATH"], "HOME": "/tmp"})
        assert result.returncode == 2, result.stderr
        assert f"--process {bobs}: the process is user {BOB.uid}'s" in result.stderr
    finally:
        shutil.rmtree(shared, ignore_errors=True)


def test_a_second_agent_for_the_same_process_says_it_is_not_needed(agent, binary, polkit):
    subject = polkit.subject(ADA)
    agent("--process", str(subject))
    second = subprocess.run([str(binary), "polkit-agent", "--process", str(subject)], capture_output=True, text=True,
                            timeout=60, stdin=subprocess.DEVNULL)
    assert second.returncode == 1, second.stderr
    lines = second.stderr.strip().splitlines()
    assert lines == [f"polkit-agent: another authentication agent already serves process {subject}; this one is not needed"]


def test_a_fallback_agent_registers_and_holds_its_place(agent, binary, polkit):
    """polkit asks a fallback agent when no other serves the subject's session; polkitd 122
    looks for that session first and, finding none without logind, asks no agent at all
    (pkttyagent --fallback gets no request here either). What can be seen here: the fallback
    registration is accepted, and polkit refuses a second agent for the same process."""
    subject = polkit.subject(ADA)
    running = agent("--process", str(subject), "--fallback")
    assert running.notified and running.process.poll() is None
    second = subprocess.run([str(binary), "polkit-agent", "--process", str(subject)], capture_output=True, text=True,
                            timeout=60, stdin=subprocess.DEVNULL)
    assert second.returncode == 1 and "another authentication agent already serves" in second.stderr, second.stderr


def login_session():
    """The login session libpolkit finds for a process here, as the agent's default asks it (a
    child of this test is in the same session as the agent); None without one."""
    probe = subprocess.run(["/usr/bin/python3", "-c", "import gi, os; gi.require_version('Polkit', '1.0'); "
                            "from gi.repository import Polkit; "
                            "print(Polkit.UnixSession.new_for_process_sync(os.getpid(), None).get_session_id())"],
                           capture_output=True, text=True, timeout=30)
    return probe.stdout.strip() if probe.returncode == 0 else None


def test_the_default_serves_the_login_session_or_says_in_one_line_there_is_none(agent, binary, polkit):
    """Without logind (CI, containers) no process has a session: the agent says so and exits 4.
    In a desktop session it registers for that session, as a desktop's autostart runs it."""
    if login_session() is None:
        result = subprocess.run([str(binary), "polkit-agent"], capture_output=True, text=True, timeout=30,
                                stdin=subprocess.DEVNULL)
        assert result.returncode == 4, result.stderr
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "no login session to serve" in lines[0] and "--process" in lines[0], lines
    else:
        running = agent()
        assert running.notified
        assert running.stop()[0] == 0


def test_a_stop_signal_answers_what_is_open_and_ends_with_0(agent, polkit):
    running, check, _ = asked(agent, polkit)
    running.dialog()
    status, _, stderr = running.stop()
    assert status == 0, stderr
    assert finished(check)[0] == 3, "the open request was dismissed, not left hanging"


# MARK: Hardening

def test_the_agent_keeps_its_memory_and_its_helper_setuid(agent, polkit):
    subject = polkit.subject(ADA)
    running = agent("--process", str(subject))
    status = open(f"/proc/{running.process.pid}/status").read()
    # polkit-agent-helper-1 is setuid root: no_new_privs would make it run as the user, and fail.
    assert re.search(r"^NoNewPrivs:\s+0$", status, re.MULTILINE), status
    with open(f"/proc/{running.process.pid}/limits") as limits:
        core = next(line for line in limits if line.startswith("Max core file size"))
    assert core.split()[4:6] == ["0", "0"], core


@pytest.mark.skipif(on_wayland(), reason="runs the agent as another user, who may open the X display with its cookie "
                    "but not the session's private Wayland socket or its accessibility bus; the X11 run covers it")
def test_run_by_the_user_it_authenticates_through_the_setuid_helper_and_keeps_the_password_from_its_memory(
        binary, polkit, display):
    """As a desktop runs it: the agent as Ada herself, for her own process, typed into with the
    keyboard (her agent cannot reach this session's accessibility bus). She is preselected among
    the two administrators; her password goes to the setuid helper, which authenticates her; and
    a process of hers cannot read the agent's memory, while root's read of it finds no password."""
    shared = tempfile.mkdtemp(prefix="entrykit-agent-")
    os.chmod(shared, 0o755)
    xauthority = os.environ.get("XAUTHORITY")
    env = {"DISPLAY": os.environ["DISPLAY"], "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1", "GTK_USE_PORTAL": "0",
           "HOME": "/tmp", "LANGUAGE": "en", "PATH": os.environ["PATH"], "G_DEBUG": "fatal-criticals"}
    if xauthority:
        cookie = os.path.join(shared, "Xauthority")
        shutil.copyfile(xauthority, cookie)
        os.chmod(cookie, 0o644)
        env["XAUTHORITY"] = cookie
    program = shutil.copy2(binary, os.path.join(shared, "entrykit"))
    subject = polkit.subject(ADA)
    as_ada = {"user": ADA.name, "group": ADA.name, "extra_groups": [], "cwd": "/"}
    running = Agent(program, "--process", str(subject), env=env, **as_ada)
    try:
        mem = open(f"/proc/{running.process.pid}/mem", "rb", buffering=0)
        check = polkit.pkcheck(subject, ADMIN_ACTION)
        wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--name", TITLE],
                                        capture_output=True).stdout.strip(), what="the dialog on the X display")
        # As the prompts do, the dialog holds the keyboard while it is up: keys typed now are its.
        keyboard = XKeyboard()
        try:
            wait_for(lambda: not keyboard.can_grab(), what="the dialog to hold the keyboard")
        finally:
            keyboard.close()
        subprocess.run(["xdotool", "type", "--delay", "30", ADA.password], check=True)
        subprocess.run(["xdotool", "key", "Return"], check=True)
        assert finished(check)[0] == 0, "Ada was preselected, and the setuid helper authenticated her"
        attack = subprocess.run(["/usr/bin/python3", "-c", f"open('/proc/{running.process.pid}/mem', 'rb')"],
                                capture_output=True, text=True, timeout=30, **as_ada)
        assert attack.returncode != 0 and "PermissionError" in attack.stderr, attack.stderr
        memory = readable_memory(running.process.pid, mem)
        assert len(memory) > 10_000_000 and ADA.name.encode() in memory, "the read is real"
        assert ADA.password.encode() not in memory, "the password is wiped once the helper has it"
        mem.close()
    finally:
        running.stop()
        shutil.rmtree(shared, ignore_errors=True)


def test_the_agent_is_undumpable_from_its_first_instruction(binary):
    gdb = subprocess.run(
        ["gdb", "-nx", "-batch", "-ex", "set startup-with-shell off", "-ex", "break main", "-ex", "run",
         "-ex", "print (int) prctl(3, 0, 0, 0, 0)", "-ex", "kill", "--args", str(binary), "polkit-agent"],
        capture_output=True, text=True, timeout=120, env={**os.environ, "DISPLAY": ""})
    assert re.findall(r"^\$1 = (\d+)$", gdb.stdout, re.MULTILINE) == ["0"], gdb.stdout[-2000:] + gdb.stderr[-2000:]
