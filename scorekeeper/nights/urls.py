from django.urls import path

from . import views

urlpatterns = [
    path("groups/<int:group_pk>/nights/", views.night_list, name="nights"),
    path("groups/<int:group_pk>/nights/new/", views.night_new, name="night_new"),
    path("nights/<int:pk>/", views.night_detail, name="night"),
    path("nights/<int:pk>/swap/", views.night_swap, name="night_swap"),
    path("nights/<int:pk>/start/", views.night_start, name="night_start"),
    path("nights/<int:pk>/end-round/", views.night_end_round, name="night_end_round"),
    path("nights/<int:pk>/end/", views.night_end, name="night_end"),
    path(
        "nights/<int:pk>/tables/<int:number>/renew/",
        views.night_link_renew,
        name="night_link_renew",
    ),
    path("nights/<int:pk>/screen/revoke/", views.night_screen_revoke, name="night_screen_revoke"),
    path("nights/<int:pk>/screen/renew/", views.night_screen_renew, name="night_screen_renew"),
    path("nights/<int:pk>/cards/", views.night_cards, name="night_cards"),
    path("nights/<int:pk>/results/", views.night_results, name="night_results"),
    path("nights/<int:pk>/results.csv", views.night_results_csv, name="night_results_csv"),
    path("table/<slug:token>/", views.night_table, name="night_table"),
    path("table/<slug:token>/next/", views.night_table_follow, name="night_table_follow"),
    path("screen/<slug:token>/", views.night_screen, name="night_screen"),
    path("screen/<slug:token>/live/", views.night_screen_live, name="night_screen_live"),
]
