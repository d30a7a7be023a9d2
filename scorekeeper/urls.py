from django.urls import include, path

from scorekeeper.pwa import offline_forms
from scorekeeper.pwa import views as pwa
from scorekeeper.streams.views import no_streams

urlpatterns = [
    # At the root: a service worker's scope is the folder it is served from.
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    # Before the games' addresses: their games/<pk>/<page>/ has this one's shape.
    path("games/<int:pk>/offline-forms/", offline_forms.forms_view, name="offline_forms"),
    path("", include("scorekeeper.sharing.urls")),  # first: games/<pk>/share/ before game pages
    path("", include("scorekeeper.accounts.urls")),  # sign-up, login, a visitor's link
    path("", include("scorekeeper.transfer.urls")),  # import and export
    path("", include("scorekeeper.play.urls")),  # last: its game pages take any games/<pk>/<slug>/
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the header's switch
    path("seasons/", include("scorekeeper.seasons.urls")),
    path("", include("scorekeeper.nights.urls")),  # game nights
    # Live streams are served beside the app (scorekeeper/asgi.py); without it, polls.
    path("stream/", no_streams, name="no_streams"),
]

# A table phone whose round has ended is told why (scorekeeper/play/denied.py).
handler403 = "scorekeeper.play.denied.permission_denied"
