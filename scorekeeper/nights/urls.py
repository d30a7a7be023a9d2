from django.urls import path

from . import phone, screen, views

urlpatterns = [
    path("groups/<int:group_pk>/nights/", views.night_list, name="nights"),
    path("groups/<int:group_pk>/nights/new/", views.night_new, name="night_new"),
    path("nights/<int:pk>/", views.night_detail, name="night"),
    path("nights/<int:pk>/live/", views.night_live, name="night_live"),
    path("nights/<int:pk>/swap/", views.night_swap, name="night_swap"),
    path("nights/<int:pk>/start/", views.night_start, name="night_start"),
    path("nights/<int:pk>/end-round/", views.night_end_round, name="night_end_round"),
    path("nights/<int:pk>/end/", views.night_end, name="night_end"),
    path("nights/<int:pk>/take-back/", views.night_take_back, name="night_take_back"),
    path("nights/<int:pk>/arrive/", views.night_arrive, name="night_arrive"),
    path("nights/<int:pk>/leave/", views.night_leave, name="night_leave"),
    path("nights/<int:pk>/substitute/", views.night_substitute, name="night_substitute"),
    path("nights/<int:pk>/ranking/", views.night_ranking, name="night_ranking"),
    path("nights/<int:pk>/late/<int:late_pk>/add/", views.night_late_add, name="night_late_add"),
    path(
        "nights/<int:pk>/late/<int:late_pk>/discard/",
        views.night_late_discard,
        name="night_late_discard",
    ),
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
    path("table/late/<int:pk>/", phone.night_table_late, name="night_table_late"),
    path("table/<slug:token>/", phone.night_table, name="night_table"),
    path("table/<slug:token>/next/", phone.night_table_follow, name="night_table_follow"),
    path("screen/<slug:token>/", screen.night_screen, name="night_screen"),
    path("screen/<slug:token>/live/", screen.night_screen_live, name="night_screen_live"),
]
