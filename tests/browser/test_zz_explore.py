import re
from typing import Any
import pytest
from test_feedback import _open, _cut

CASES = [("lessons/09-variants.ipynb", "7 of Leaves"), ("lessons/11-herzblatt.ipynb", "10 of Clubs"),
         ("lessons/13-build-your-own-contract.ipynb", "8 of Leaves"), ("lessons/de/11-herzblatt.ipynb", "Kreuz-10")]

@pytest.mark.parametrize(("nb", "wrong"), CASES)
def test_explore(page: Any, lab: Any, nb: str, wrong: str) -> None:
    _open(page, lab, nb)
    quiz = page.locator(".ks-quiz").first
    quiz.scroll_into_view_if_needed()
    stem = nb.split("/")[-1][:2] + ("de" if "/de/" in nb else "")
    quiz.evaluate("n => n.scrollIntoView({block: 'start'})")
    page.screenshot(path=f"/tmp/h29/shots/quiz-{stem}-before.png")
    names = quiz.locator("button.ks-card").all_inner_texts()
    print(nb, "cards:", names, [quiz.locator("button.ks-card").nth(i).get_attribute("aria-label") for i in range(len(names))])
    btn = quiz.locator(f"button.ks-card[aria-label*='{wrong}']")
    if btn.count() == 0:
        btn = quiz.locator("button.ks-card").filter(has_text=re.compile(f"^{re.escape(wrong)}$"))
    btn.first.click()
    quiz.locator("button", has_text=re.compile("^(Check|Prüfen)$")).click()
    page.wait_for_function("() => /0 (of|von) 1/.test(document.querySelector('.ks-quiz').textContent)", timeout=120_000)
    quiz.evaluate("n => n.scrollIntoView({block: 'start'})")
    page.screenshot(path=f"/tmp/h29/shots/quiz-{stem}-wrong.png")
    print(nb, "feedback:", quiz.locator(".ks-quiz-feedback").inner_text()[:600])
    print(nb, "cut:", _cut(page))
