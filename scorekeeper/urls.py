from django.urls import include, path

urlpatterns = [
    path("", include("scorekeeper.groups.urls")),  # first: games/<pk>/share/ before game pages
    path("", include("scorekeeper.games.urls")),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the header's switch
    path("seasons/", include("scorekeeper.seasons.urls")),
    path("", include("scorekeeper.nights.urls")),  # game nights
]
