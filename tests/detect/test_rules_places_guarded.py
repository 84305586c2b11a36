"""Place rules guarded against what an outside review found them to take: a city of a
million people named in a term ("Brussels sprouts", "Seoul virus", "the Beijing Olympics"),
and a county's word after a form's key or an everyday word ("Patient County: Cook", "Called
County"); with the places they still find."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    "text",
    [
        "She ate Brussels sprouts and developed a rash.",
        "The Ottawa ankle rules were negative.",
        "Edmonton Symptom Assessment System score was 40.",
        "Treated per the Calgary protocol.",
        "Seoul virus infection was considered.",
        "Exposure to Seoul virus was ruled out.",
        "A Sendai virus vector vaccine.",
        "She had Delhi belly after the trip.",
        "An Aleppo boil on the arm.",
        "He drank a Moscow mule before the dose.",
        "A Hiroshima survivor, now frail.",
        "She watched the Beijing Olympics.",
        "Documented according to the Istanbul protocol.",
        "Philadelphia chromosome positive.",
    ],
)
def test_a_city_of_a_million_people_in_a_terms_name_is_no_town(text: str) -> None:
    """A word after the city's name makes a term of it: a food, a rule, a virus, a drink."""
    assert stretches(text, "en", "CITY") == []


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("Bangkok was hot and she felt faint.", "Bangkok"),
        ("She was treated at Apollo Hospitals Chennai.", "Chennai"),
        ("She moved to Moscow in 2019.", "Moscow"),
        ("She flew in from Beijing last week.", "Beijing"),
        ("Bangkok Thailand was her home.", "Bangkok"),
        ("Chennai Tamil Nadu was her home.", "Chennai"),
        ("Mumbai Maharashtra, India.", "Mumbai"),
    ],
)
def test_a_city_of_a_million_people_before_a_place_is_still_a_town(text: str, city: str) -> None:
    """A country or a state after the city's name ("Tamil Nadu", which no list of English
    places holds) says the place; so does a clause's end."""
    assert city in stretches(text, "en", "CITY")


@pytest.mark.parametrize(
    "text",
    [
        "Patient County: Cook",
        "County of Residence: Cook",
        "County of Birth: Lake",
        "Called County health about the case.",
        "Contacted County health department.",
        "Notified County and the state.",
        "Local County officials were told.",
        "Every County reported cases.",
        "Health County nurse called.",
        "He drank Bourbon County Stout that night.",
    ],
)
def test_a_countys_word_after_a_forms_key_or_an_everyday_word_is_no_county(text: str) -> None:
    """A form's key before a colon, a verb or a common word before the county's word, and a
    beer named after a county name none."""
    assert [city for city in stretches(text, "en", "CITY") if "County" in city] == []


@pytest.mark.parametrize(
    ("text", "county"),
    [
        ("Autopsy by the Cuyahoga County Medical Examiner's Office.", "Cuyahoga County"),
        ("Filed in the Circuit Court of Cook County.", "Cook County"),
        ("Contacted Cook County health.", "Cook County"),
        ("Cook County: 12 cases this week.", "Cook County"),
        ("The County of Los Angeles coroner.", "County of Los Angeles"),
        ("Hennepin County District Court.", "Hennepin County"),
        ("Prince George's County Health Department.", "Prince George's County"),
        ("Miami-Dade County Fire Rescue.", "Miami-Dade County"),
        ("Reported to the Dayton County Health Department.", "Dayton County"),
        ("Reported to the Delgadomouth County Health Department.", "Delgadomouth County"),
    ],
)
def test_an_american_county_is_still_found(text: str, county: str) -> None:
    """A county GeoNames lists (though "cook" is a common word; before a colon too), a
    town's name, or a name no list holds for a word (the demo's generated towns)."""
    assert county in stretches(text, "en", "CITY")


def test_the_big_apple_is_new_york() -> None:
    assert stretches("She is back in the Big Apple now.", "en", "CITY") == ["Big Apple"]


@pytest.mark.parametrize(
    ("text", "county"),
    [
        ("She lives in Cook county, IL.", "Cook county"),
        ("pt lives in cook county with her son", "cook county"),
        ("lives in los angeles county", "los angeles county"),
        ("PT RESIDES IN ORANGE COUNTY CA", "ORANGE COUNTY"),
        ("moved to st louis county last year", "st louis county"),
        ("Held at the Harris county jail.", "Harris county"),
        ("Born in Lafourche parish.", "Lafourche parish"),
    ],
)
def test_a_county_typed_in_lower_case_or_capitals_is_found(text: str, county: str) -> None:
    """Notes type the county's word as it comes: a county GeoNames lists is found before it
    in any case (the rule read "County" capitalised only)."""
    assert county in stretches(text, "en", "CITY")


@pytest.mark.parametrize(
    "text",
    [
        "Each county reported cases.",
        "the county health dept called",
        "She lives in a rural county.",
        "He drank Bourbon county stout.",
        "IN EVERY COUNTY OF THE STATE",
    ],
)
def test_a_county_typed_in_lower_case_needs_a_countys_name(text: str) -> None:
    assert [city for city in stretches(text, "en", "CITY") if "ounty" in city.lower()] == []


@pytest.mark.parametrize(
    "text",
    [
        "Mental state: alert and oriented.",
        "State: stable",
        "General state: good.",
        "County: 12 cases reported.",
        "City: 3 visits since then",
    ],
)
def test_a_town_field_holding_what_is_said_of_the_patient_is_no_town(text: str) -> None:
    """A town's key before a value typed in lower case that opens with a common word or a
    number and names no place: a state of health, a count, no town."""
    assert stretches(text, "en", "CITY") == []


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Patient County: cook", "cook"),
        ("Town: reading", "reading"),
        ("City: boston", "boston"),
        ("State: ma", "ma"),
        ("Ort: 80331 münchen", "80331 münchen"),
        ("Town: Springfield", "Springfield"),
    ],
)
def test_a_town_field_still_takes_a_town_typed_in_lower_case(text: str, town: str) -> None:
    assert stretches(text, "en", "CITY") == [town]


def test_a_town_fields_key_is_no_first_name() -> None:
    """The key "Town" is a first name in Faker's lists and in no common-word list."""
    assert stretches("Town: Springfield", "en", "PERSON") == []


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("She lives in St. Louis, MO.", "St. Louis"),
        ("Moved to Ft. Myers in May.", "Ft. Myers"),
        ("Moved to Ft Myers in May.", "Ft Myers"),
        ("She is from Mt. Vernon, NY.", "Mt. Vernon"),
        ("St. Paul, MN", "St. Paul"),
    ],
)
def test_a_town_opened_by_an_abbreviation_is_one_town(text: str, town: str) -> None:
    """The abbreviations "St.", "Mt." and "Ft." open a town's name, which the gazetteer
    writes without the dot or in full ("Mount Vernon"): the name after them alone was read
    as a first name. (A state's code after the town is the ``pv`` scheme's place too.)"""
    assert [s for s in stretches(text, "en", "CITY") if len(s) > 2] == [town]
    assert stretches(text, "en", "PERSON") == []


@pytest.mark.parametrize(
    ("text", "language", "place"),
    [
        ("Student at Lincoln High School fainted.", "en", "Lincoln High School"),
        (
            "Body released to Schoedinger Funeral Home in Columbus.",
            "en",
            "Schoedinger Funeral Home",
        ),
        ("Inmate at San Quentin State Prison.", "en", "San Quentin State Prison"),
        ("Ospite della RSA Villa Serena di Pesaro.", "it", "RSA Villa Serena di Pesaro"),
        (
            "Die Patientin lebt im Seniorenstift Haus Lindenhof.",
            "de",
            "Seniorenstift Haus Lindenhof",
        ),
        ("Alumna del Colegio San José de Calasanz.", "es", "Colegio San José de Calasanz"),
    ],
)
def test_a_school_a_home_a_prison_or_a_funeral_home_is_an_institution(
    text: str, language: str, place: str
) -> None:
    """Where a person is found, as a hospital's name says it: "Lincoln" alone was a town."""
    assert place in stretches(text, language, "INSTITUTION")


@pytest.mark.parametrize(
    "text", ["He went to high school nearby.", "She was at Sunday School.", "the church hall"]
)
def test_a_schools_or_a_churchs_word_alone_is_no_institution(text: str) -> None:
    assert stretches(text, "en", "INSTITUTION") == []


@pytest.mark.parametrize(
    ("text", "town", "zip_code"),
    [
        ("address 45 w 34th st new york ny 10001", "new york", "10001"),
        ("lives at 12 oak st springfield il 62704", "springfield", "62704"),
        ("Vaccinated at 100 Cambridge St, Boston MA 02114.", "Boston", "02114"),
        ("Referred from Dayton OH 45402 last week", "Dayton", "45402"),
    ],
)
def test_a_zip_code_after_a_state_without_a_comma_or_in_lower_case_is_found(
    text: str, town: str, zip_code: str
) -> None:
    """A note types "springfield il 62704": the ZIP code and the town the gazetteer knows,
    which the rules read only in capitals and after a comma."""
    assert town in stretches(text, "en", "CITY")
    assert zip_code in stretches(text, "en", "POSTCODE")


@pytest.mark.parametrize("text", ["gave ca 10000 units", "in 10000 patients", "or 12345 mg"])
def test_a_count_after_a_word_like_a_states_code_is_no_zip_code(text: str) -> None:
    assert stretches(text, "en", "POSTCODE") == []


@pytest.mark.parametrize(
    ("text", "language", "town"),
    [
        ("vivo en madrid y tomo sintrom", "es", "madrid"),
        ("soy de sevilla y tengo 40 años", "es", "sevilla"),
        ("ich wohne in berlin und nehme ramipril", "de", "berlin"),
        ("j'habite à lyon depuis 2010", "fr", "lyon"),
        ("abito a milano con mia figlia", "it", "milano"),
        ("i'm from leeds originally", "en", "leeds"),
        ("i live in chicago with my son", "en", "chicago"),  # a common word too, a million
        ("we moved to phoenix last year", "en", "phoenix"),
    ],
)
def test_a_large_city_typed_in_lower_case_after_a_home_word_is_a_town(
    text: str, language: str, town: str
) -> None:
    """Patients type where they live in lower case, in every language ("sevilla" is in the
    English common-word list, which says nothing of a Spanish narrative)."""
    assert stretches(text, language, "CITY") == [town]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("vivo en casa con mi hija", "es"),
        ("es de color rojo", "es"),
        ("ich wohne in einer wg", "de"),
        ("i live in fear of needles", "en"),
        ("she lives in mobile home park", "en"),  # Mobile, Alabama: a word first
        ("we moved to reading glasses", "en"),
        ("she lives in bath and uses soap", "en"),
    ],
)
def test_a_word_after_a_home_word_is_no_town(text: str, language: str) -> None:
    assert stretches(text, language, "CITY") == []


@pytest.mark.parametrize(
    ("text", "institution"),
    [("Seen at Banner Health.", "Banner Health"), ("Referred to UCLA Health today", "UCLA Health")],
)
def test_a_health_system_by_its_capitalised_word_is_an_institution(
    text: str, institution: str
) -> None:
    assert stretches(text, "en", "INSTITUTION") == [institution]


@pytest.mark.parametrize(
    "text",
    [
        "John's health improved after the second dose.",
        "Department of Public Health",
        "her health care provider called",
    ],
)
def test_a_persons_health_or_a_public_health_word_is_no_institution(text: str) -> None:
    assert stretches(text, "en", "INSTITUTION") == []
