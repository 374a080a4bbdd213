// The legal pages share their header (brand and language toggle) and footer (links between
// them): written once here. Their text stays readable without script.
(function () {
  var header = document.createElement('header');
  header.innerHTML =
    '<a class="brand" href="/">Moneta</a>' +
    '<div class="toggle" role="group" aria-label="Language / Idioma">' +
    '<button type="button" data-set-lang="en" aria-pressed="true">English</button>' +
    '<button type="button" data-set-lang="pt-BR" aria-pressed="false">Português (Brasil)</button>' +
    '</div>';
  document.body.insertBefore(header, document.body.firstChild);
  var footer = document.createElement('footer');
  footer.innerHTML =
    '<a href="/terms-and-conditions.html">Terms · Termos</a> · ' +
    '<a href="/privacy-policy.html">Privacy · Privacidade</a> · ' +
    '<a href="/refund-policy.html">Refunds · Reembolso</a> · ' +
    '<a href="/disclaimer.html">Disclaimer · Aviso legal</a>';
  document.body.appendChild(footer);
})();

// Same choice as the app: its stored language, else the browser's languages (pt-BR or English).
(function () {
  var KEYS = ['moneta.locale', 'moneta.language'];
  function stored() {
    try {
      for (var i = 0; i < KEYS.length; i++) {
        var value = localStorage.getItem(KEYS[i]);
        if (value === 'en' || value === 'pt-BR') return value;
      }
    } catch (e) {}
    return null;
  }
  function browser() {
    var langs = navigator.languages || [navigator.language || ''];
    for (var i = 0; i < langs.length; i++) if (String(langs[i]).toLowerCase() === 'pt-br') return 'pt-BR';
    return 'en';
  }
  function show(lang) {
    document.documentElement.lang = lang;
    var articles = document.querySelectorAll('[data-lang]');
    for (var i = 0; i < articles.length; i++) articles[i].hidden = articles[i].getAttribute('data-lang') !== lang;
    var buttons = document.querySelectorAll('[data-set-lang]');
    for (var j = 0; j < buttons.length; j++)
      buttons[j].setAttribute('aria-pressed', String(buttons[j].getAttribute('data-set-lang') === lang));
    var title = document.querySelector('[data-lang="' + lang + '"] h1');
    if (title) document.title = title.textContent + ' · Moneta';
  }
  document.addEventListener('click', function (event) {
    var target = event.target.closest ? event.target.closest('[data-set-lang]') : null;
    if (!target) return;
    var lang = target.getAttribute('data-set-lang');
    try {
      localStorage.setItem('moneta.locale', lang);
    } catch (e) {}
    show(lang);
  });
  show(stored() || browser());
})();
